import Foundation

/// `course reset <id>`: the stub again, with the learner's version kept as a timestamped backup.
struct ResetCommand: Command {
  static let info = CommandInfo(
    name: "reset", abstract: "Put an exercise's stub back; your version is kept as a backup first.",
    usage: "reset <id> [--yes]",
    discussion:
      "Your current file is copied to .course/backups/<exercise>-<time>.swift before anything is overwritten.",
    options: [("--yes", "Do not ask for confirmation in a terminal.")])

  var id: String
  var confirmed: Bool

  init(_ arguments: inout Arguments) throws {
    confirmed = arguments.flag("--yes")
    id = try arguments.required("exercise", example: "reset 1.2")
    try arguments.finish(known: ["--yes"])
  }

  func run(_ course: Course) throws -> Int32 {
    let (topic, exercise) = try course.exercise(id)
    let path = topic.exercisePath(exercise)
    let stub = try course.workspace.pristineStub(of: exercise, in: topic)
    if course.workspace.read(path) == stub {
      print("\(path) is already the stub as shipped; nothing to reset.")
      return 0
    }
    if !confirmed, Style.isInteractive {
      Swift.print("Reset \(path) to its stub? Your version will be kept as a backup. [y/N] ", terminator: "")
      guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
        print("Nothing changed.")
        return 1
      }
    }
    guard course.workspace.read(path) != nil else {
      try stub.write(to: course.workspace.url(path), atomically: true, encoding: .utf8)
      print("Put \(path) back as shipped: there was no file to keep.")
      return 0
    }
    let backup = try course.workspace.backUp(exercise, in: topic)
    try stub.write(to: course.workspace.url(path), atomically: true, encoding: .utf8)
    print("Reset \(path) to its stub. Your version is kept at \(backup).")
    return 0
  }
}
