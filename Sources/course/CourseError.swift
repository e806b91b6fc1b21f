/// The ways a `course` command can fail, each with the sentence that says what to do.
enum CourseError: Error, CustomStringConvertible {
  case usage(String)
  case unknownExercise(String, suggestions: [String])
  case notInCourse(String)
  case couldNotRun(String, code: Int32)
  case noStub(String, String)
  case notPassedYet(String)
  /// A maintainers' proof that could not go on, with the sentence that says why.
  case proofFailed(String)

  var description: String {
    switch self {
    case .usage(let message):
      message
    case .unknownExercise(let key, let suggestions):
      "There is no exercise or topic \"\(key)\"."
        + (suggestions.isEmpty
          ? " Run `swift run course` to see them all." : " Did you mean \(suggestions.joined(separator: ", "))?")
    case .notInCourse(let path):
      "\(path) is not inside the course: run `course` from the cloned repository."
    case .couldNotRun(let command, let code):
      "Could not run `\(command)` (error \(code)). Is the Swift toolchain on your PATH?"
    case .noStub(let id, let path):
      "The course's record of exercise \(id) as shipped, \(path), is missing, so it cannot tell your work from the stub: take that file from a fresh copy of the course (its folder holds every exercise as shipped, and is never yours to edit)."
    case .notPassedYet(let id):
      "Exercise \(id) has not passed yet, so its solution stays hidden. Try `swift run course hint \(id)`, or insist with `swift run course reveal \(id) --force`."
    case .proofFailed(let why):
      "The proof could not go on: \(why)."
    }
  }

  /// The process's exit status for this error: 2 for a usage mistake, 1 otherwise.
  var exitCode: Int32 {
    switch self {
    case .usage, .unknownExercise: 2
    default: 1
    }
  }
}
