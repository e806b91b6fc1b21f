import CourseCatalog
import Foundation
import Testing

@testable import course

@Suite("The projector page fits the terminal")
struct PresentPageTests {
  static let checklist = [
    "Every path resumes exactly once: success, failure, `(nil, nil)`, value and error together, a second callback, a callback from another thread, a cancel before, during or after, a silent source.",
    "The continuation is checked.",
  ]

  static func page(verdict: String? = "passed") -> PresentPage {
    PresentPage(
      title: "EXERCISE 3.4  ·  A SOURCE THAT CALLS BACK TWICE",
      subtitle: "grade 3 (challenge)  ·  30 points  ·  Docs/03-continuation-adapters.md#a-source-that-calls-back-twice",
      stubHeading: "THE STUB  (Exercises/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift, as shipped)",
      stub: "// " + String(repeating: "a very long comment line ", count: 12) + "\nlet x = 1",
      checklistHeading: "CHECKLIST",
      checklist: checklist,
      verdict: verdict.map { ("VERDICT", $0, ["Passed: every test of this exercise passes."]) })
  }

  @Test("No line is wider than the page, at any terminal width", arguments: [40, 60, 80, 100, 160])
  func linesFitTheWidth(columns: Int) {
    let width = PresentPage.width(forTerminalColumns: columns)
    let lines = Self.page().lines(width: width)
    let widest = lines.map(\.count).max() ?? 0
    #expect(widest <= width, "a line of \(widest) characters on a page \(width) wide")
    #expect(width <= PresentPage.maximumWidth)
  }

  @Test(
    "Every exercise's page fits an 80 by 40 terminal with the prompt after it: no line wider, no dangling separator",
    arguments: Catalog.exercises.map(\.exercise.id))
  func everyExerciseFits80By40(id: String) throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let (topic, exercise) = try #require(Catalog.exercise(id))
    let stub = try String(
      contentsOf: root.appendingPathComponent("Exercises/.shipped/\(topic.module)/\(exercise.fileName)"),
      encoding: .utf8)
    let page = PresentPage(
      title: "EXERCISE \(exercise.id)  ·  \(exercise.title.uppercased())",
      subtitle:
        "grade \(exercise.grade.rawValue) (\(exercise.grade.name))  ·  \(exercise.points) points  ·  \(topic.lessonLink(exercise))",
      stubHeading: "THE STUB  (\(exercise.fileName), as shipped)", stub: stub,
      stubFile: topic.exercisePath(exercise), checklistHeading: "CHECKLIST FOR \(exercise.id)",
      checklist: ["One item of the lesson's checklist, long enough to wrap onto a second line of the page."])
    let lines = page.lines(width: 80)
    #expect(lines.count <= 39, "\(id): \(lines.count) rows, and the prompt needs the 40th")
    #expect(lines.allSatisfy { $0.count <= 80 }, "\(id): a line wider than 80 columns")
    #expect(!lines.contains { $0.hasSuffix("·") || $0.hasSuffix("· ") }, "\(id): a line ends in a dangling separator")
    #expect(lines.contains { $0.contains("NotStarted(") } || exercise.kind == .review, "\(id): the line to replace")
  }

  @Test("The page is never wider than 100 columns, and is 80 wide when output is not a terminal")
  func widthIsCapped() {
    #expect(PresentPage.width(forTerminalColumns: 216) == 100)
    #expect(PresentPage.width(forTerminalColumns: nil) == 80)
    #expect(PresentPage.width(forTerminalColumns: 72) == 72)
  }

  @Test("Each checklist item stays whole: every word, in order, under its own box")
  func checklistItemsStayWhole() {
    let lines = Self.page().lines(width: 60)
    let boxes = lines.filter { $0.hasPrefix("    □ ") }
    #expect(boxes.count == Self.checklist.count)
    for item in Self.checklist {
      guard let start = lines.firstIndex(where: { $0.hasPrefix("    □ ") && item.hasPrefix($0.dropFirst(6)) }) else {
        Issue.record("no box starts the item \"\(item.prefix(30))…\"")
        continue
      }
      var words: [Substring] = lines[start].dropFirst(6).split(separator: " ")
      for line in lines[(start + 1)...] {
        guard line.hasPrefix("      "), !line.hasPrefix("    □ ") else { break }
        words += line.split(separator: " ")
      }
      #expect(words == item.split(separator: " "), "the item was cut or reordered")
    }
  }

  @Test("Code is cut at a space where it has one, and continues under its own indentation")
  func codeIsCutAtSpaces() {
    let line = "    let answer = " + Array(repeating: "someFunction(argument)", count: 6).joined(separator: " + ")
    let pieces = TextWrap.code(line, width: 60, indent: "    ")
    #expect(pieces.count > 1)
    #expect(pieces.allSatisfy { $0.count <= 60 })
    for piece in pieces.dropFirst() {
      #expect(piece.hasPrefix("    " + "    " + "  ↪ "), "a continuation starts under the code it continues")
    }
    let words = pieces.enumerated().flatMap { index, piece in
      (index == 0 ? piece : String(piece.drop { $0 == " " }.dropFirst(2))).split(separator: " ")
    }
    #expect(words == line.split(separator: " "), "every piece ends at a word's end: no token is cut in two")
  }

  @Test("A path wider than a line is cut after a slash, not in the middle of a name")
  func longPathsBreakAtSlashes() {
    let lines = TextWrap.prose(
      "Open .course/scratch/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift now", width: 40, indent: "  ")
    #expect(lines.allSatisfy { $0.count <= 40 })
    #expect(lines.contains { $0.hasSuffix("/") }, "\(lines)")
    #expect(
      lines.joined().filter { $0 != " " }
        == "Open.course/scratch/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swiftnow")
  }

  @Test("A long stub and a long verdict still fit 40 rows at 100 columns, with the line to replace shown")
  func fitsTheProjector() {
    var page = Self.page(verdict: "failing")
    page.stub =
      "// Exercise 3.4 · header\n// more header\n\nimport LegacyKit\n\n"
      + (0..<60).map { "  /// doc \($0)\n  let value\($0) = \($0)" }.joined(separator: "\n")
      + "\n  throw NotStarted(\"3.4\")  // Replace this line.\n"
      + (0..<20).map { "  let after\($0) = 0" }.joined(separator: "\n")
    page.stubFile = ".course/scratch/ContinuationAdapters/Ex3_4_DoubleCallbackAdapter.swift"
    page.verdict = ("VERDICT", "failing", (0..<30).map { "Failure number \($0), explained at some length in words." })
    let lines = page.lines(width: 100)
    #expect(lines.count <= PresentPage.pageHeight, "\(lines.count) rows")
    #expect(lines.allSatisfy { $0.count <= 100 })
    #expect(lines.contains { $0.contains("throw NotStarted(\"3.4\")") }, "the line to replace is on the page")
    #expect(!lines.contains { $0.contains("Exercise 3.4 · header") || $0.contains("import LegacyKit") })
    #expect(
      lines.contains { $0.contains("lines above") } && lines.contains { $0.contains("more lines of .course/scratch") })
    #expect(lines.contains { $0.contains("Failure number 0,") } && lines.contains { $0.contains("run the check") })
    #expect(lines.contains { $0.contains("█") }, "the banner stays")
  }

  @Test("Code is cut, never dropped: continuations are marked and the text joins up again")
  func codeIsCutNotDropped() {
    let line = String(repeating: "abcdefghij", count: 15)
    let pieces = TextWrap.code(line, width: 50, indent: "    ")
    #expect(pieces.allSatisfy { $0.count <= 50 })
    #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix("      ↪ ") })
    let joined = pieces[0].dropFirst(4) + pieces.dropFirst().map { $0.dropFirst(8) }.joined()
    #expect(joined == line)
  }

  @Test("The verdict opens with a banner five lines tall that fits the page", arguments: [40, 80, 100])
  func verdictBanner(width: Int) {
    for word in ["passed", "failing", "not started", "does not compile", "crashed", "hangs", "waiting for 6.3"] {
      let banner = Banner.lines(word, width: width)
      #expect(banner.count >= 5, "\"\(word)\" is not large")
      #expect(banner.allSatisfy { $0.count <= width }, "\"\(word)\" is wider than \(width)")
    }
    let lines = Self.page(verdict: "passed").lines(width: width)
    #expect(lines.contains { $0.contains("█") })
    #expect(!Self.page(verdict: nil).lines(width: width).contains { $0.contains("█") })
  }
}

@Suite("course warm plans every build of the day")
struct WarmCommandTests {
  @Test("The plan builds every topic in learner mode, with the solutions, and in the scratch copy")
  func planCoversTheDay() {
    let plan = WarmCommand.plan()
    let racing = Catalog.topics.filter { $0.exercises.contains { !$0.raceTests.isEmpty } }
    #expect(plan.count == Catalog.topics.count * 4 + racing.count)
    #expect(plan.filter(\.sanitized).map(\.topic) == racing, "the sanitizer's build of each topic with race tests")
    for mode in [Checker.Mode.exercises, .solutions, .scratch] {
      #expect(
        plan.filter { $0.mode == mode && !$0.isolated && !$0.sanitized }.map(\.topic) == Catalog.topics,
        "every topic, in order, for \(mode)")
    }
    #expect(plan.filter(\.isolated).map(\.topic) == Catalog.topics, "every topic's fallback build, in order")
    #expect(plan.first?.mode == .exercises, "the learners' build comes first: it is the one the room needs")
  }

  @Test("Each step runs the very build a check runs: the same folder, sources and topic")
  func stepsMatchTheChecker() {
    let workspace = Workspace(root: URL(fileURLWithPath: "/tmp/course"))
    let topic = Catalog.topics[0]
    #expect(
      WarmCommand.commandLine(of: .init(mode: .exercises, topic: topic), workspace: workspace)
        == "COURSE_EXERCISES=Exercises COURSE_TOPICS=\(topic.module) swift build --build-tests --scratch-path .build/course-exercises"
    )
    #expect(
      WarmCommand.commandLine(of: .init(mode: .scratch, topic: topic), workspace: workspace)
        == "COURSE_EXERCISES=\(Workspace.scratchFolder) COURSE_TOPICS=\(topic.module) swift build --build-tests --scratch-path .build/course-scratch"
    )
    #expect(
      WarmCommand.commandLine(of: .init(mode: .solutions, topic: topic), workspace: workspace)
        .hasSuffix("--scratch-path .build/course-solutions"))
    #expect(
      WarmCommand.commandLine(of: .init(mode: .exercises, topic: topic, isolated: true), workspace: workspace)
        == "COURSE_EXERCISES=\(Workspace.isolatedFolder) COURSE_TOPICS=\(topic.module) swift build --build-tests --scratch-path \(Checker.isolatedScratchPath)",
      "the fallback a check builds when a file does not compile")
  }

  @Test("A dry run is accepted and anything else is refused")
  func arguments() throws {
    var dry = Arguments(["--dry-run"], command: "warm")
    #expect(try WarmCommand(&dry).dryRun)
    var wrong = Arguments(["--dryrun"], command: "warm")
    #expect(throws: CourseError.self) { try WarmCommand(&wrong) }
  }

  @Test("Durations read as a person says them")
  func durations() {
    #expect(WarmCommand.seconds(.seconds(42)) == "42 s")
    #expect(WarmCommand.seconds(.seconds(185)) == "3 min 05 s")
  }
}
