import CourseCatalog
import Foundation

/// Proves the corpus of wrong answers: each one, swapped into a scratch copy, fails its suite with its sentence.
///
/// The scratch copy holds every solution; a round swaps in one wrong answer per
/// exercise, builds once and runs every suite of the topics involved. A wrong answer
/// is proved when its suite fails and some failing test's message carries the
/// sentence its header promises; every exercise left solved in that round must still
/// pass, so a wrong answer cannot hide behind a suite it disturbs. `repeats` runs the
/// suites of each round that many times: the proof of a race-dependent mistake is
/// that it is caught every time.
struct WrongAnswerProof {
  /// Where the scratch copy's sources live, relative to the root.
  static let sourcesFolder = ".course/wrong-answers"
  /// Where the scratch copy is built.
  static let scratch = ".build/course-wrong-answers"

  /// What the proof found out about one wrong answer.
  struct Finding {
    var answer: WrongAnswer
    /// In how many runs the suite failed with the sentence.
    var caught = 0
    /// How many runs there were (0 when it never ran).
    var runs = 0
    /// Why it is not proved, when it is not.
    var problem: String?
  }

  let workspace: Workspace
  /// The topics whose corpus to prove.
  var topics: [Topic]
  /// Only the wrong answers of these exercises, when given.
  var exerciseIDs: Set<String>? = nil
  /// Only the wrong answers with these slugs, when given.
  var slugs: Set<String>? = nil
  /// How many times each round's suites run.
  var repeats = 1
  /// How long one test run may take, in seconds.
  var timeLimit: Double = 600
  /// Where progress goes, one line at a time.
  var log: @Sendable (String) -> Void = { print($0) }

  /// The corpus of every topic that keeps one, filtered by ``exerciseIDs`` and ``slugs``, grouped by exercise in catalog order.
  func corpus() -> [(topic: Topic, exercise: Exercise, answers: [WrongAnswer])] {
    var groups: [(Topic, Exercise, [WrongAnswer])] = []
    for topic in topics where WrongAnswer.hasCorpus(topic, root: workspace.root) {
      let answers = WrongAnswer.corpus(of: topic, root: workspace.root).answers
      for exercise in topic.exercises where exerciseIDs?.contains(exercise.id) ?? true {
        let own = answers.filter { $0.exerciseID == exercise.id && (slugs?.contains($0.slug) ?? true) }
        if !own.isEmpty { groups.append((topic, exercise, own)) }
      }
    }
    return groups
  }

  /// Runs every round and returns a finding per wrong answer, in corpus order.
  func run() throws -> [Finding] {
    let groups = corpus()
    let involved = topics.filter { topic in groups.contains { $0.topic == topic } }
    guard !involved.isEmpty else { return [] }
    let rounds = groups.map(\.answers.count).max() ?? 0
    var findings: [Finding] = []
    let checker = Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit)
    for round in 0..<rounds {
      let swapped = groups.compactMap { group in
        round < group.answers.count ? (group.topic, group.exercise, group.answers[round]) : nil
      }
      let start = Date()
      log("wrong answers, round \(round + 1) of \(rounds): \(swapped.map { "\($0.1.id) \($0.2.slug)" }.joined(separator: ", "))")
      findings += try prove(swapped, of: involved, with: checker)
      log("  round \(round + 1) took \(Int(Date().timeIntervalSince(start))) s")
    }
    return findings
  }

  /// One round: swaps the answers in, builds once, runs the suites `repeats` times and judges each answer.
  private func prove(
    _ swapped: [(Topic, Exercise, WrongAnswer)], of topics: [Topic], with checker: Checker
  ) throws -> [Finding] {
    var findings = swapped.map { Finding(answer: $0.2) }
    var active = Array(swapped.indices)
    while true {
      try writeScratch(of: topics, swapping: active.map { swapped[$0] })
      let build = try checker.build(topics: topics, sourcesFolder: Self.sourcesFolder, scratch: Self.scratch)
      if build.succeeded { break }
      let errors = Checker.compileErrors(in: build.output)
      let broken = active.filter { index in
        errors.contains { $0.contains("/\(Self.sourcesFolder)/") && $0.contains("/\(swapped[index].1.fileName):") }
      }
      guard !broken.isEmpty else {
        let error = errors.first ?? build.tail
        for index in active { findings[index].problem = "the round did not build: \(workspace.relative(error))" }
        return findings
      }
      for index in broken {
        let error = errors.first { $0.contains("/\(swapped[index].1.fileName):") } ?? ""
        findings[index].problem = "does not compile: \(workspace.relative(error))"
      }
      active.removeAll(where: broken.contains)
    }
    let filter = topics.map { "^\($0.testModule)\\." }.joined(separator: "|")
    let swappedIDs = Set(active.map { swapped[$0].1.id })
    for _ in 0..<repeats {
      let (report, outcome) = try checker.test(
        filter: filter, topics: topics, sourcesFolder: Self.sourcesFolder, scratch: Self.scratch)
      for index in active {
        let (topic, exercise, answer) = swapped[index]
        findings[index].runs += 1
        if let miss = judge(answer, of: exercise, in: topic, report: report, outcome: outcome) {
          findings[index].problem = findings[index].problem ?? miss
        } else {
          findings[index].caught += 1
        }
      }
      // The exercises left solved in this round must still pass: a wrong answer may not disturb another suite.
      for topic in topics {
        for exercise in topic.exercises where !swappedIDs.contains(exercise.id) {
          guard exercise.buildsOn.allSatisfy({ !swappedIDs.contains($0) }) else { continue }
          let tests = report.tests(inSuite: topic.filter(exercise))
          let disturbance: String? =
            if tests.isEmpty {
              "the solution of \(exercise.id) ran no test beside it: the run was disturbed"
            } else if let failing = tests.first(where: { !$0.passed }) {
              "the solution of \(exercise.id) failed \"\(failing.name)\" beside it: \(failing.issues.first ?? "did not finish")"
            } else {
              nil
            }
          guard let disturbance else { continue }
          for index in active where findings[index].problem == nil { findings[index].problem = disturbance }
        }
      }
    }
    return findings
  }

  /// Why `answer` was not caught in this run with its sentence, or `nil` when it was.
  private func judge(
    _ answer: WrongAnswer, of exercise: Exercise, in topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> String? {
    let tests = report.tests(inSuite: topic.filter(exercise))
    guard !tests.isEmpty else {
      return "its suite ran no test (\(outcome.timedOut ? "timed out" : Checker.crashMessage(in: outcome.output, running: [])))"
    }
    if let unfinished = tests.first(where: { !$0.ended }) {
      return "\"\(unfinished.name)\" did not finish: a trap must fail its own test, not the run (\(Checker.crashMessage(in: outcome.output, running: [])))"
    }
    let failing = tests.filter { !$0.passed }
    guard !failing.isEmpty else { return "its suite passed: the mistake is not caught" }
    let said = failing.flatMap(\.issues)
    if said.contains(where: { Self.normalized($0).contains(Self.normalized(answer.sentence)) }) { return nil }
    let first = said.first.map { $0.split(separator: "\n").first.map(String.init) ?? $0 } ?? ""
    return "its suite failed, but without the sentence; \"\(failing[0].name)\" said: \(first)"
  }

  /// Text with its runs of white space made single spaces, so a sentence matches across line breaks.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Writes the scratch copy: every solution of `topics`, with the `swapped` answers in their exercises' place.
  private func writeScratch(of topics: [Topic], swapping swapped: [(Topic, Exercise, WrongAnswer)]) throws {
    for topic in topics {
      let folder = workspace.url("\(Self.sourcesFolder)/\(topic.module)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      let wanted = Set(topic.exercises.map(\.fileName))
      for stale in existing where !wanted.contains(stale) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
      }
      for exercise in topic.exercises {
        let answer = swapped.first { $0.1.id == exercise.id }?.2
        let contents = answer?.source ?? workspace.read(topic.solutionPath(exercise)) ?? ""
        let file = folder.appendingPathComponent(exercise.fileName)
        if (try? String(contentsOf: file, encoding: .utf8)) != contents {
          try contents.write(to: file, atomically: true, encoding: .utf8)
        }
      }
    }
  }
}
