import Foundation

/// `course reveal <id>`: the solution, once the exercise passes; before that only when insisted on.
struct RevealCommand: Command {
  static let info = CommandInfo(
    name: "reveal", abstract: "Show an exercise's solution, once your version passes.",
    usage: "reveal <id> [--force]",
    discussion: "Reading a solution before you have struggled with the exercise teaches little; pass it first.",
    options: [("--force", "Show it anyway, before your version passes.")])

  var id: String
  var force: Bool

  init(_ arguments: inout Arguments) throws {
    force = arguments.flag("--force")
    id = try arguments.required("exercise", example: "reveal 1.2")
    try arguments.finish(known: ["--force"])
  }

  func run(_ course: Course) throws -> Int32 {
    let (topic, exercise) = try course.exercise(id)
    let fingerprint = course.workspace.fingerprint(of: exercise, in: topic, mode: .exercises)
    var verdict = course.progress.verdict(id, fingerprint: fingerprint)
    if verdict == nil, !force { verdict = try course.check([(topic, exercise)])[id] }
    if verdict != .passed {
      guard force else { throw CourseError.notPassedYet(id) }
      CourseCommand.printError(
        "showing the solution of \(id) before your version passes. Close it once you have the idea, and write yours.")
    }
    guard let solution = course.workspace.read(topic.solutionPath(exercise)) else {
      throw CourseError.usage("The solution file \(topic.solutionPath(exercise)) is missing.")
    }
    print(course.style.bold("\(topic.solutionPath(exercise))"))
    print(solution)
    return 0
  }
}
