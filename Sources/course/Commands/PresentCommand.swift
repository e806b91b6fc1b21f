import CourseCatalog
import Foundation

/// `course present <id>`: a large, plain page for the projector: the stub, the lesson's checklist, the verdict.
struct PresentCommand: Command {
  static let info = CommandInfo(
    name: "present",
    abstract: "Instructor view: an exercise's stub, the lesson's checklist and a verdict, for a projector.",
    usage: "present <id> [--check]",
    discussion:
      "Plain text, no colour, wrapped to the terminal's width (at most 100 columns; `COLUMNS` when output is not a terminal), checklist items whole. With --check, the verdict of the scratch copy (`course live`) is shown under a large banner.",
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
    var page = PresentPage(
      title: "EXERCISE \(exercise.id)  ·  \(exercise.title.uppercased())",
      subtitle:
        "grade \(exercise.grade.rawValue) (\(exercise.grade.name))  ·  \(exercise.points) points  ·  \(topic.lessonLink(exercise))",
      stubHeading: "THE STUB  (\(topic.exercisePath(exercise)), as shipped)",
      stub: try course.workspace.pristineStub(of: exercise, in: topic),
      checklistHeading: "CHECKLIST  (\(topic.lessonPath)#checklist)",
      checklist: checklist(of: topic, in: course.workspace))
    if checking {
      try course.workspace.prepareScratch(of: topic)
      let verdict = try course.check([(topic, exercise)], mode: .scratch)[exercise.id] ?? .noTests
      page.verdict = (
        "VERDICT  (\(Workspace.scratchFolder)/\(topic.module)/\(exercise.fileName))", verdict.state,
        verdict.explanation.map { CheckCommand.inScratchWords($0, topic: topic) }
      )
    }
    for line in page.lines(width: PresentPage.width(forTerminalColumns: TerminalWidth.current())) { print(line) }
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
        items.append(String(line.dropFirst(2)))
      } else if line.hasPrefix("  "), let last = items.popLast() {
        items.append(last + " " + line.trimmingCharacters(in: .whitespaces))  // a wrapped item goes on
      }
    }
    return items.isEmpty ? ["(the lesson has no checklist)"] : items
  }
}
