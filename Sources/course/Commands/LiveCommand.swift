import CourseCatalog
import Foundation

/// `course live <id>`: a scratch copy of an exercise's topic for live-coding, apart from the learner's files.
struct LiveCommand: Command {
  static let info = CommandInfo(
    name: "live", abstract: "Instructor: live-code an exercise in a scratch copy, never touching Exercises/.",
    usage: "live <id> [--reset]",
    discussion: """
      Creates .course/scratch/<Topic>/ from the shipped stubs (files already there are kept) and says what to
      open. Check it with `course check <id> --scratch` or `course watch <id> --scratch`; show it with
      `course present <id> --check`.
      """,
    options: [("--reset", "Put the stub back in the scratch copy (the old scratch file is backed up first).")])

  var id: String
  var reset: Bool

  init(_ arguments: inout Arguments) throws {
    reset = arguments.flag("--reset")
    id = try arguments.required("exercise", example: "live 1.3")
    try arguments.finish(known: ["--reset"])
  }

  func run(_ course: Course) throws -> Int32 {
    let (topic, exercise) = try course.exercise(id)
    let file = "\(Workspace.scratchFolder)/\(topic.module)/\(exercise.fileName)"
    if reset, FileManager.default.fileExists(atPath: course.workspace.url(file).path) {
      let backup = try course.workspace.backUp(exercise, in: topic, from: Workspace.scratchFolder)
      try FileManager.default.removeItem(at: course.workspace.url(file))
      print("The old scratch file is kept at \(backup).")
    }
    try course.workspace.prepareScratch(of: topic)
    print(course.style.bold("Live-code \(exercise.id) \(exercise.title) in:"))
    print("  \(file)")
    print()
    print("Learners' files in Exercises/ are not touched. Then:")
    print("  swift run course watch \(exercise.id) --scratch      re-check on every save")
    print("  swift run course present \(exercise.id) --check      the projector view with the verdict")
    return 0
  }
}
