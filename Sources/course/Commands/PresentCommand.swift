import CourseCatalog
import Foundation

/// `course present <id>`: a large, plain page for the projector: the stub, the lesson's checklist, the verdict.
struct PresentCommand: Command {
  static let info = CommandInfo(
    name: "present",
    abstract: "Instructor view: an exercise's stub, the lesson's checklist and a verdict, for a projector.",
    usage: "present <id> [--check]",
    discussion:
      "Plain text, no colour, wide spacing. With --check, the verdict of the scratch copy (`course live`) is shown.",
    options: [("--check", "Check the scratch copy and show its verdict.")])

  var id: String
  var checking: Bool

  init(_ arguments: inout Arguments) throws {
    checking = arguments.flag("--check")
    id = try arguments.required("exercise", example: "present 1.3")
    try arguments.finish(known: ["--check"])
  }

  func run(_ course: Course) throws -> Int32 {
    let (topic, exercise) = try course.exercise(id)
    let rule = String(repeating: "═", count: 72)
    print(rule)
    print("  EXERCISE \(exercise.id)  ·  \(exercise.title.uppercased())")
    print(
      "  grade \(exercise.grade.rawValue) (\(exercise.grade.name))  ·  \(exercise.points) points  ·  \(topic.lessonLink(exercise))"
    )
    print(rule)
    print()
    print("  THE STUB  (\(topic.exercisePath(exercise)), as shipped)")
    print()
    for line in try course.workspace.pristineStub(of: exercise, in: topic).split(
      separator: "\n", omittingEmptySubsequences: false)
    {
      print("    " + line)
    }
    print()
    print("  CHECKLIST  (\(topic.lessonPath)#checklist)")
    print()
    for item in checklist(of: topic, in: course.workspace) { print("    " + item) }
    print()
    if checking {
      try course.workspace.prepareScratch(of: topic)
      let verdict = try course.check([(topic, exercise)], mode: .scratch)[exercise.id] ?? .noTests
      print("  VERDICT  (\(Workspace.scratchFolder)/\(topic.module)/\(exercise.fileName))")
      print()
      for line in verdict.explanation { print("    " + line) }
      print()
    }
    print(rule)
    return 0
  }

  /// The bullet list under the lesson's `## Checklist` heading.
  func checklist(of topic: Topic, in workspace: Workspace) -> [String] {
    guard let lesson = workspace.read(topic.lessonPath) else { return ["(no lesson found)"] }
    var items: [String] = []
    var inside = false
    for line in lesson.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        if inside { break }
        inside = line.lowercased().hasPrefix("## checklist")
        continue
      }
      guard inside else { continue }
      if line.hasPrefix("- ") {
        items.append("□ " + line.dropFirst(2))
      } else if line.hasPrefix("  "), let last = items.popLast() {
        items.append(last + " " + line.trimmingCharacters(in: .whitespaces))  // a wrapped item goes on
      }
    }
    return items.isEmpty ? ["(the lesson has no checklist)"] : items
  }
}
