import CourseCatalog
import Foundation

/// The maintainers' check of the catalog against the files: every entry complete, every file listed.
///
/// `course verify` prints these problems and the catalog's own tests require there
/// to be none, so an exercise cannot ship without its solution, suite, lesson
/// section or hint, and no file can hide from the catalog.
public struct CatalogAudit {
  /// The package's root folder.
  public let root: URL
  /// The folder, relative to the root, that holds the exercises as shipped, whose headers and stub
  /// markers are checked; `nil` leaves them unchecked.
  ///
  /// A learner's solved file has no stub marker, and that is no problem of the course's: so the
  /// content is checked on a copy of the shipped files (`course verify` makes one), never on the
  /// files a learner edits.
  public let shippedExercises: String?

  /// An audit of the package at `root`, checking the shipped exercises' content in `shippedExercises`.
  public init(root: URL, shippedExercises: String? = nil) {
    self.root = root
    self.shippedExercises = shippedExercises
  }

  /// Every problem found, one sentence each; empty when the catalog and the files agree.
  public func problems(topics: [Topic] = Catalog.topics) -> [String] {
    var problems: [String] = []
    let exercises = topics.flatMap { topic in topic.exercises.map { (topic, $0) } }

    for duplicate in duplicates(exercises.map(\.1.id)) { problems.append("Exercise id \(duplicate) is used twice.") }
    for duplicate in duplicates(exercises.map(\.1.name)) {
      problems.append("Exercise name \(duplicate) is used twice.")
    }
    for (topic, exercise) in exercises {
      let clashes = exercises.filter { other in
        other.1.id != exercise.id && "\(other.0.testModule).\(other.1.suiteName)".contains(topic.filter(exercise))
      }
      for clash in clashes {
        problems.append(
          "The filter of \(exercise.id) also selects \(clash.1.id): suite names must not contain each other.")
      }
    }

    let readme = text("README.md") ?? ""
    if topics == Catalog.topics, !readme.contains(Catalog.markdownTable) {
      problems.append(
        "README.md's map of exercises is out of date: paste the output of `swift run course map` into it.")
    }
    if topics == Catalog.topics {
      let bank = InterviewBank(root: root, topics: topics)
      if text("Docs/interview-questions.md") != bank.markdown {
        problems.append(
          "Docs/interview-questions.md is out of date: write the output of `swift run course bank` to it.")
      }
      for question in bank.questions where question.answer == nil {
        problems.append(
          "Question \(question.number) of topic \(question.topic.number) has no model answer in \(question.topic.answersPath)."
        )
      }
    }
    for topic in topics {
      let count = InterviewBank(root: root, topics: [topic]).questions.count
      if !topic.interviewPractice.isEmpty, topic.interviewPractice.count != count {
        problems.append(
          "Topic \(topic.number) names \(topic.interviewPractice.count) practice exercises for \(count) interview questions."
        )
      }
    }
    let manifest = text("Package.swift") ?? ""
    for topic in topics {
      let squeezed = manifest.filter { !$0.isWhitespace }
      if !squeezed.contains("Topic(name:\"\(topic.module)\"") {
        problems.append("Package.swift's table of topics has no entry for \(topic.module).")
      }
      let lesson = text(topic.lessonPath)
      if lesson == nil { problems.append("Topic \(topic.number) has no lesson at \(topic.lessonPath).") }
      let anchors = lesson.map(Self.anchors(in:)) ?? []
      for exercise in topic.exercises {
        problems += check(exercise, of: topic, anchors: anchors)
      }
      if let lesson { problems += checklistProblems(of: topic, lesson: lesson) }
      for folder in ["Exercises", "Solutions"] {
        let listed = Set(topic.exercises.map(\.fileName))
        for file in swiftFiles(in: "\(folder)/\(topic.module)") where !listed.contains(file) {
          problems.append("\(folder)/\(topic.module)/\(file) is not in the catalog.")
        }
      }
      problems += wrongAnswerProblems(of: topic)
      problems += awaitProblems(of: topic)
      problems += sentenceProblems(of: topic)
      problems += implicationProblems(of: topic)
      problems += headerRuleProblems(of: topic)
      problems += whereLearnersReadProblems(of: topic)
    }
    return problems
  }

  /// Every exercise practises at least one item of its lesson's checklist, and every item names
  /// only exercises of its own topic: `course present` shows an exercise's own items.
  private func checklistProblems(of topic: Topic, lesson: String) -> [String] {
    let items = LessonChecklist.items(inLesson: lesson)
    guard !items.isEmpty else { return ["\(topic.lessonPath) has no ## Checklist."] }
    var problems: [String] = []
    let ids = Set(topic.exercises.map(\.id))
    for item in items {
      if item.exercises.isEmpty {
        problems.append(
          "The checklist item \"\(item.text.prefix(40))…\" of \(topic.lessonPath) names no exercise (<!-- exercises: … -->)."
        )
      }
      for id in item.exercises where !ids.contains(id) {
        problems.append(
          "The checklist of \(topic.lessonPath) names \(id), which is not an exercise of topic \(topic.number).")
      }
    }
    for exercise in topic.exercises where !items.contains(where: { $0.exercises.contains(exercise.id) }) {
      problems.append("No item of \(topic.lessonPath)'s checklist names exercise \(exercise.id).")
    }
    return problems
  }

  private func check(_ exercise: Exercise, of topic: Topic, anchors: Set<String>) -> [String] {
    var problems: [String] = []
    let id = exercise.id
    if text(topic.exercisePath(exercise)) == nil {
      problems.append("Exercise \(id) has no exercise file at \(topic.exercisePath(exercise)).")
    }
    if let shippedExercises, let source = text("\(shippedExercises)/\(topic.module)/\(exercise.fileName)") {
      if !source.contains("Exercise \(id) · \(exercise.title)") {
        problems.append("\(topic.exercisePath(exercise)) does not open with \"Exercise \(id) · \(exercise.title)\".")
      }
      if !source.contains(topic.lessonLink(exercise)) {
        problems.append("\(topic.exercisePath(exercise)) does not link its lesson, \(topic.lessonLink(exercise)).")
      }
      if exercise.kind == .stub, !source.contains("NotStarted(\"\(id)\"") {
        problems.append("\(topic.exercisePath(exercise)) has no stub: no NotStarted(\"\(id)\") marker.")
      }
    }
    if text(topic.solutionPath(exercise)) == nil {
      problems.append("Exercise \(id) has no solution at \(topic.solutionPath(exercise)).")
    }
    let suitePath = "Tests/\(topic.testModule)/\(exercise.suiteName).swift"
    if topic.learnerWritesTests {
      problems += learnerSuiteProblems(of: exercise, in: topic)
    } else if let suite = text(suitePath) {
      if !suite.contains("struct \(exercise.suiteName)") || !suite.contains(".exercise(\"\(id)\")") {
        problems.append("\(suitePath) does not declare `struct \(exercise.suiteName)` with `.exercise(\"\(id)\")`.")
      }
      // A race test that is not in the suite (its file, or an extension in `Name+Part.swift`) would leave
      // course check's sanitizer run with nothing to run.
      let parts =
        (try? FileManager.default.contentsOfDirectory(
          atPath: root.appendingPathComponent("Tests/\(topic.testModule)").path)) ?? []
      let wholeSuite =
        ([suite]
        + parts.filter { $0.hasPrefix("\(exercise.suiteName)+") }.sorted().compactMap {
          text("Tests/\(topic.testModule)/\($0)")
        }).joined(separator: "\n")
      for test in exercise.raceTests where !test.hasSuffix("()") || !wholeSuite.contains("func \(test.dropLast(2))(") {
        problems.append(
          "Exercise \(id)'s race test \(test) is not a test function of \(suitePath) (name it as `name()`).")
      }
    } else {
      problems.append("Exercise \(id) has no suite at \(suitePath).")
    }
    if !anchors.contains(exercise.lessonAnchor) {
      problems.append(
        "Exercise \(id)'s lesson anchor #\(exercise.lessonAnchor) is not a heading of \(topic.lessonPath).")
    }
    for other in exercise.buildsOn
    where Catalog.exercise(other) == nil && topic.exercises.allSatisfy({ $0.id != other }) {
      problems.append("Exercise \(id) builds on \(other), which is not in the catalog.")
    }
    if !(1...3).contains(exercise.hints.count) {
      problems.append("Exercise \(id) has \(exercise.hints.count) hints; it needs one to three.")
    }
    return problems
  }

  /// Where the learner writes the suite (topic 7): the exercise and its solution declare it, and
  /// its mutants are enough, and named once each.
  private func learnerSuiteProblems(of exercise: Exercise, in topic: Topic) -> [String] {
    var problems: [String] = []
    for path in [topic.exercisePath(exercise), topic.solutionPath(exercise)] {
      if let source = text(path), !source.contains("struct \(exercise.suiteName)") {
        problems.append("\(path) does not declare the suite `struct \(exercise.suiteName)`.")
      }
    }
    if exercise.mutants.count < Self.mutantsPerExercise {
      problems.append(
        "Exercise \(exercise.id) has \(exercise.mutants.count) mutants; it needs \(Self.mutantsPerExercise).")
    }
    for duplicate in duplicates(exercise.mutants.map(\.slug)) {
      problems.append("Exercise \(exercise.id) names the mutant \(duplicate) twice.")
    }
    if let shippedExercises, let source = text("\(shippedExercises)/\(topic.module)/\(exercise.fileName)") {
      for kept in exercise.mutants.compactMap(\.keptTest) where !source.contains("func \(kept.dropLast(2))(") {
        problems.append(
          "\(topic.exercisePath(exercise)) has no test `\(kept)`, which the catalog says the learner must keep.")
      }
    }
    return problems
  }

  /// The fewest mutants an exercise whose learner writes the tests is graded by.
  public static let mutantsPerExercise = 6

  /// The anchors of a Markdown document's headings, as GitHub makes them.
  public static func anchors(in markdown: String) -> Set<String> {
    var anchors: Set<String> = []
    var inCode = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") { inCode.toggle() }
      guard !inCode, line.hasPrefix("#") else { continue }
      let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
      anchors.insert(anchor(for: title))
    }
    return anchors
  }

  /// The anchor GitHub gives a heading: lowercased, punctuation dropped, spaces as hyphens.
  public static func anchor(for heading: String) -> String {
    String(
      heading.lowercased().compactMap { character -> Character? in
        if character.isLetter || character.isNumber || character == "-" || character == "_" { return character }
        if character == " " { return "-" }
        return nil
      })
  }

  /// Every await of a graded suite runs under a deadline (``AwaitAudit``); a learner's own tests
  /// (topic 7) are graded by their mutants instead.
  private func awaitProblems(of topic: Topic) -> [String] {
    guard !topic.learnerWritesTests else { return [] }
    let folder = "Tests/\(topic.testModule)"
    return swiftFiles(in: folder).flatMap { file in
      AwaitAudit.unguardedAwaits(in: text("\(folder)/\(file)") ?? "").map { line, code in
        "\(folder)/\(file):\(line) awaits with no deadline, so a hang in the learner's code would hang `swift test`: \(code)"
      }
    }
  }

  /// Every failure sentence of a graded suite names an anti-pattern its exercise declares (see ``SentenceAudit``).
  private func sentenceProblems(of topic: Topic) -> [String] {
    guard !topic.learnerWritesTests else { return [] }
    let folder = "Tests/\(topic.testModule)"
    let kit = AntiPattern.kit.map(\.id)
    let everyID = Set(topic.exercises.flatMap { $0.antiPatterns.map(\.id) } + kit)
    return swiftFiles(in: folder, recursively: true).flatMap { file in
      let source = text("\(folder)/\(file)") ?? ""
      // A support file shared by the topic's suites may name any of the topic's ids.
      let known =
        SentenceAudit.exercise(of: source).flatMap { id in topic.exercises.first { $0.id == id } }
        .map { Set($0.antiPatterns.map(\.id) + kit) } ?? everyID
      return SentenceAudit.problems(in: source, known: known).map { line, problem in
        "\(folder)/\(file):\(line) \(problem)"
      }
    }
  }

  func text(_ path: String) -> String? {
    try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Swift files of `folder`, by name; `recursively`, those of its subfolders too, by path from `folder`.
  private func swiftFiles(in folder: String, recursively: Bool = false) -> [String] {
    let url = root.appendingPathComponent(folder)
    let names =
      recursively
      ? (FileManager.default.subpaths(atPath: url.path) ?? [])
      : ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
    return names.filter { $0.hasSuffix(".swift") }.sorted()
  }

  private func duplicates(_ values: [String]) -> [String] {
    Dictionary(grouping: values, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted()
  }
}
