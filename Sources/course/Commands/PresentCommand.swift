import CourseCatalog
import Foundation
import Platform

/// `course present <id>`: a large, plain page for the projector: the stub, the lesson's checklist, the verdict.
struct PresentCommand: Command {
  static let info = CommandInfo(
    name: "present",
    abstract: "Instructor view: an exercise's stub, its checklist items and a verdict, on one projector page.",
    usage: "present <id> [--check]",
    discussion:
      "Plain text, no colour, at most 40 rows from the top of a cleared screen (on a terminal), wrapped at word boundaries to the terminal's width (at most 100 columns; `COLUMNS` when output is not a terminal): the stub's code, the checklist items this exercise practises, whole, and with --check the verdict of the scratch copy (`course live`) under a large banner.",
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
      stubHeading: "THE STUB  (\(exercise.fileName), as shipped)",
      stub: try course.workspace.pristineStub(of: exercise, in: topic),
      checklistHeading: "CHECKLIST FOR \(exercise.id)  (\(topic.lessonPath)#checklist)",
      checklist: checklist(of: exercise, in: topic, workspace: course.workspace))
    // With --check the room watches the scratch copy, so that is the file every line names.
    page.stubFile =
      checking ? "\(Workspace.scratchFolder)/\(topic.module)/\(exercise.fileName)" : topic.exercisePath(exercise)
    if checking {
      try course.workspace.prepareScratch(of: topic)
      let verdict = try course.check([(topic, exercise)], mode: .scratch)[exercise.id] ?? .noTests
      page.verdict = (
        "VERDICT  (\(page.stubFile))", verdict.state,
        verdict.explanation.map { CheckCommand.inScratchWords($0, topic: topic) }
      )
    }
    // On a terminal the page starts at the top of a cleared screen: `swift run`'s build lines, and a
    // check's, would otherwise push its 40 rows off the projector. A pipe or a file gets the page alone.
    if Platform.isTerminal(STDOUT_FILENO) { print("\u{1B}[2J\u{1B}[H", terminator: "") }
    for line in page.lines(width: PresentPage.width(forTerminalColumns: TerminalWidth.current())) { print(line) }
    return 0
  }

  /// The items of the lesson's `## Checklist` that name `exercise` (see ``LessonChecklist``).
  func checklist(of exercise: Exercise, in topic: Topic, workspace: Workspace) -> [String] {
    guard let lesson = workspace.read(topic.lessonPath) else { return ["(no lesson found)"] }
    let items = LessonChecklist.items(inLesson: lesson).filter { $0.exercises.contains(exercise.id) }.map(\.text)
    return items.isEmpty ? ["(the lesson's checklist names no item for \(exercise.id))"] : items
  }
}
