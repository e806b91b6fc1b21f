import CourseAudits
import CourseCatalog
import Foundation
import Locking

/// Proves the corpus of wrong answers: each one, swapped into a scratch copy, fails its suite with its sentence.
///
/// The scratch copy holds every solution; a round swaps in one wrong answer per
/// exercise, builds once and runs every suite of the topics it swaps answers into. A wrong
/// answer is proved when its suite fails and some failing test's message carries the
/// sentence its header promises; every exercise of those topics left solved in that round
/// must still pass, so a wrong answer cannot hide behind a suite it disturbs. `repeats` runs the
/// suites of each round that many times: the proof of a race-dependent mistake is
/// that it is caught every time.
struct WrongAnswerProof {
  /// Where the scratch copy's sources live, relative to the root.
  static let sourcesFolder = ".course/wrong-answers"
  /// Where the scratch copy is built.
  static let scratch = ".build/course-wrong-answers"
  /// Where the scratch copy is built under the thread sanitizer, for the mistakes that live in a race: the
  /// folder `.ci/run`'s sanitizer stage builds in, so that the two share everything but the exercise targets.
  static let sanitizedScratch = ".build/course-tsan"

  /// What the proof found out about one wrong answer.
  struct Finding {
    var answer: WrongAnswer
    /// In how many runs the suite failed with the sentence.
    var caught = 0
    /// How many runs there were (0 when it never ran).
    var runs = 0
    /// Why it is not proved, when it is not.
    var problem: String?
    /// When it was caught, but the learner's verdict opens with another sentence: that sentence.
    ///
    /// A failure of the proof: a learner reads one sentence, so the first must name the mistake
    /// the answer was written for. Another one there is either a second true mistake of the answer
    /// (then the answer commits one mistake too many) or a consequence to fold under its cause.
    var opensWith: String?
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
  var log: @Sendable (String) -> Void = { line in
    print(line)
    fflush(nil)  // to a pipe or a CI log too, as each round ends
  }

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

  /// Runs every round and returns a finding per wrong answer: first the plain rounds, then the sanitized ones.
  ///
  /// The plain rounds alternate between two scratch copies, each with its own build folder: while one
  /// round's suites run, which mostly wait (on child processes that take turns, on deadlines that
  /// confirm a hang), the next round builds in the other. A round's tests still run alone.
  func run() throws -> [Finding] {
    let groups = corpus()
    let checker = Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit)
    var findings: [Finding] = []
    for sanitized in [false, true] {
      let answers = groups.map { group in (group.topic, group.exercise, group.answers.filter { $0.isRace == sanitized })
      }
      let involved = topics.filter { topic in answers.contains { $0.0 == topic && !$0.2.isEmpty } }
      let rounds = Self.rounds(answers)
      let slots = sanitized ? [Slot.first] : [Slot.first, Slot.second]
      // A checker of its own, as the next round's build may run on another thread.
      let (workspace, timeLimit) = (workspace, timeLimit)
      @Sendable func prepare(_ round: Int) -> Result<Prepared, any Error> {
        Result {
          try self.prepare(
            rounds[round], of: involved, with: Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit),
            sanitized: sanitized, in: slots[round % slots.count])
        }
      }
      var next = rounds.isEmpty ? nil : prepare(0)
      for (round, swapped) in rounds.enumerated() {
        let start = Date()
        let names = swapped.map { "\($0.1.id) \($0.2.slug)" }.joined(separator: ", ")
        log(
          "wrong answers\(sanitized ? " (under the thread sanitizer)" : ""), round \(round + 1) of \(rounds.count): \(names)"
        )
        guard let current = next else { break }
        let following = round + 1 < rounds.count && slots.count > 1 ? Background { prepare(round + 1) } : nil
        do {
          findings += try prove(
            swapped, prepared: current.get(), of: involved, with: checker, sanitized: sanitized,
            in: slots[round % slots.count])
        } catch {
          _ = following?.result()  // the next round's build ends before the proof does
          throw error
        }
        next = following?.result() ?? (round + 1 < rounds.count ? prepare(round + 1) : nil)
        log("  round \(round + 1) took \(Int(Date().timeIntervalSince(start))) s")
      }
    }
    return findings
  }

  /// A scratch copy of the sources and the folder it builds in.
  struct Slot: Sendable {
    var sourcesFolder: String
    var scratch: String

    /// The one the mutants' proof and the right answers' reuse.
    static let first = Slot(sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
    /// The one the plain rounds build in by turns with the first.
    static let second = Slot(
      sourcesFolder: WrongAnswerProof.sourcesFolder + "-next", scratch: WrongAnswerProof.scratch + "-next")
  }

  /// A round, built: the findings so far (the answers that did not compile) and the answers still in it.
  struct Prepared: Sendable {
    var findings: [Finding]
    var active: [Int]
    var buildSeconds: Int
  }

  /// The rounds that prove `groups`: one wrong answer per exercise at most, and never one beside a wrong answer
  /// of an exercise it builds on, or that builds on it.
  ///
  /// 6.6 runs on 6.1 to 6.5's code: beside a wrong 6.2, its suite would fail for 6.2's mistake, and a wrong
  /// 6.6 could be "caught" by a sentence it did not earn. Each exercise's answers keep their order.
  static func rounds(
    _ groups: [(Topic, Exercise, [WrongAnswer])]
  ) -> [[(Topic, Exercise, WrongAnswer)]] {
    var rounds: [[(Topic, Exercise, WrongAnswer)]] = []
    func fits(_ exercise: Exercise, _ round: [(Topic, Exercise, WrongAnswer)]) -> Bool {
      round.allSatisfy { _, other, _ in
        other.id != exercise.id && !exercise.buildsOn.contains(other.id) && !other.buildsOn.contains(exercise.id)
      }
    }
    for (topic, exercise, answers) in groups {
      var next = 0
      for answer in answers {
        var index = next
        while index < rounds.count, !fits(exercise, rounds[index]) { index += 1 }
        if index == rounds.count { rounds.append([]) }
        rounds[index].append((topic, exercise, answer))
        next = index + 1
      }
    }
    return rounds
  }

  /// Swaps a round's answers into `slot` and builds it, leaving out the answers that do not compile.
  private func prepare(
    _ swapped: [(Topic, Exercise, WrongAnswer)], of topics: [Topic], with checker: Checker, sanitized: Bool,
    in slot: Slot
  ) throws -> Prepared {
    var findings = swapped.map { Finding(answer: $0.2) }
    var active = Array(swapped.indices)
    let started = Date()
    while true {
      try writeScratch(of: topics, swapping: active.map { swapped[$0] }, in: slot)
      let build =
        sanitized
        ? try sanitizedBuild(topics: topics, checker: checker)
        : try checker.build(topics: topics, sourcesFolder: slot.sourcesFolder, scratch: slot.scratch)
      if build.succeeded { break }
      let errors = Checker.compileErrors(in: build.output)
      let broken = active.filter { index in
        errors.contains { $0.contains("/\(slot.sourcesFolder)/") && $0.contains("/\(swapped[index].1.fileName):") }
      }
      guard !broken.isEmpty else {
        let error = errors.first ?? build.tail
        for index in active { findings[index].problem = "the round did not build: \(workspace.relative(error))" }
        return Prepared(findings: findings, active: [], buildSeconds: Int(Date().timeIntervalSince(started)))
      }
      for index in broken {
        let error = errors.first { $0.contains("/\(swapped[index].1.fileName):") } ?? ""
        findings[index].problem = "does not compile: \(workspace.relative(error))"
      }
      active.removeAll(where: broken.contains)
    }
    return Prepared(findings: findings, active: active, buildSeconds: Int(Date().timeIntervalSince(started)))
  }

  /// One round, built: runs the suites `repeats` times and judges each answer.
  ///
  /// Under the sanitizer only the swapped suites run, since everything is many times slower.
  private func prove(
    _ swapped: [(Topic, Exercise, WrongAnswer)], prepared: Prepared, of topics: [Topic], with checker: Checker,
    sanitized: Bool, in slot: Slot
  ) throws -> [Finding] {
    var findings = prepared.findings
    let active = prepared.active
    guard !active.isEmpty else { return findings }
    let swappedIDs = Set(active.map { swapped[$0].1.id })
    // The first run holds every suite of the topics this round swaps an answer into: a wrong answer
    // may not disturb its neighbours. The last rounds, which swap one or two topics' answers, skip
    // the suites of topics they leave solved; the earlier rounds, with every topic, check them all.
    let roundTopics = topics.filter { topic in active.contains { swapped[$0].0 == topic } }
    // Under the sanitizer, as in `course check`, an exercise with race tests runs those alone: they
    // force the race onto two threads in a child and say so in the lesson's words, where the rest of
    // its suite, which never meant to race, would stop at the sanitizer's exit code instead.
    let filter =
      sanitized
      ? active.flatMap { index -> [String] in
        let (topic, exercise, _) = swapped[index]
        guard !exercise.raceTests.isEmpty else {
          return [NSRegularExpression.escapedPattern(for: topic.filter(exercise))]
        }
        return Checker.raceTestFilters(of: exercise, in: topic)
      }.joined(separator: "|")
      : roundTopics.map { "^\($0.testModule)\\." }.joined(separator: "|")
    // Runs after the first repeat only the swapped suites: the others were checked for disturbance once.
    let swappedOnly = active.map { NSRegularExpression.escapedPattern(for: swapped[$0].0.filter(swapped[$0].1)) }
      .joined(separator: "|")
    let built = Date()
    for run in 0..<repeats {
      let (report, outcome) =
        sanitized
        ? try sanitizedTest(filter: filter, topics: topics, checker: checker)
        : try checker.test(
          filter: run == 0 ? filter : swappedOnly, topics: topics, sourcesFolder: slot.sourcesFolder,
          scratch: slot.scratch)
      if report.tests.contains(where: { $0.started && !$0.ended }) {
        log("  the run ended early: \(Self.ending(of: outcome, report: report))")
      }
      for index in active where !swapped[index].0.learnerWritesTests {
        let (topic, exercise, answer) = swapped[index]
        findings[index].runs += 1
        if let miss = judge(answer, of: exercise, in: topic, report: report, outcome: outcome) {
          findings[index].problem = findings[index].problem ?? miss
        } else {
          findings[index].caught += 1
          if findings[index].opensWith == nil,
            let (other, problem) = opening(of: answer, exercise: exercise, in: topic, report: report, outcome: outcome)
          {
            findings[index].opensWith = other
            findings[index].problem = findings[index].problem ?? problem
          } else if let problem = falseCause(
            of: answer, exercise: exercise, in: topic, report: report, outcome: outcome)
          {
            findings[index].problem = findings[index].problem ?? problem
          }
        }
      }
      // The exercises left solved in this round must still pass: a wrong answer may not disturb another suite.
      // A solved suite that fails beside it is run again alone, on the same build: when it passes then,
      // the failure was the machine's load (a deadline), not the wrong answer's doing, and is only noted.
      guard !sanitized, run == 0 else { continue }
      let slowest = report.tests.filter { ($0.seconds ?? 0) >= 5 }.sorted { ($0.seconds ?? 0) > ($1.seconds ?? 0) }
      if !slowest.isEmpty {
        log(
          "  slowest: "
            + slowest.prefix(3).map { "\(Int($0.seconds ?? 0)) s \"\($0.name)\" (\($0.suite))" }.joined(separator: ", ")
        )
      }
      var disturbed: [(Topic, Exercise, String)] = []
      for topic in roundTopics {
        for exercise in topic.exercises where !swappedIDs.contains(exercise.id) {
          guard exercise.buildsOn.allSatisfy({ !swappedIDs.contains($0) }) else { continue }
          let tests = report.tests(inSuite: topic.filter(exercise))
          if tests.isEmpty {
            disturbed.append((topic, exercise, "ran no test beside it: the run was disturbed"))
          } else if let failing = tests.first(where: { !$0.passed }) {
            disturbed.append(
              (topic, exercise, "failed \"\(failing.name)\" beside it: \(failing.issues.first ?? "did not finish")"))
          }
        }
      }
      guard !disturbed.isEmpty else { continue }
      let again = disturbed.map { NSRegularExpression.escapedPattern(for: $0.0.filter($0.1)) }.joined(separator: "|")
      let (alone, _) = try checker.test(
        filter: again, topics: topics, sourcesFolder: slot.sourcesFolder, scratch: slot.scratch)
      for (topic, exercise, why) in disturbed {
        let tests = alone.tests(inSuite: topic.filter(exercise))
        if !tests.isEmpty, tests.allSatisfy(\.passed) {
          log("  note: the solution of \(exercise.id) \(why); alone, it passed (a loaded machine)")
          continue
        }
        for index in active where findings[index].problem == nil {
          findings[index].problem = "the solution of \(exercise.id) \(why)"
        }
      }
    }
    let tested = Date()
    if !sanitized { try proveSuites(swapped, active: active, with: checker, in: slot, into: &findings) }
    // Where a round's time goes, so a slow proof can be sped up where it is slow.
    log(
      "  built in \(prepared.buildSeconds) s, suites ran in \(Int(tested.timeIntervalSince(built))) s"
        + (sanitized ? "" : ", the learners' suites of topic 7 in \(Int(Date().timeIntervalSince(tested))) s"))
    return findings
  }

  /// Judges the weak suites of topic 7 in this round by what a learner would be told: the verdict
  /// of grading them by the mutant each one's header names, which must name it as the header says.
  private func proveSuites(
    _ swapped: [(Topic, Exercise, WrongAnswer)], active: [Int], with checker: Checker, in slot: Slot,
    into findings: inout [Finding]
  ) throws {
    let suites = active.filter { swapped[$0].0.learnerWritesTests }
    var topics: [Topic] = []
    for index in suites where !topics.contains(swapped[index].0) { topics.append(swapped[index].0) }
    for topic in topics {
      // Each weak suite meets the correct subject once, and the one mutant its header names: that the
      // others are caught is the solution's proof, not this one's.
      var own: [Int] = []
      var named: [String: Mutant] = [:]
      for index in suites where swapped[index].0 == topic {
        let (_, exercise, answer) = swapped[index]
        // A suite that breaks a rule about the tests themselves meets one mutant: the rule's sentence
        // must come first whatever the runs say.
        let breaksARule =
          exercise.suiteRules.contains { Self.normalized($0.sentence).contains(Self.normalized(answer.sentence)) }
          || Self.normalized(answer.sentence).hasPrefix(Self.normalized(Checker.changedKeptTest))
        guard
          let mutant = Checker.mutant(saying: answer.sentence, of: exercise)
            ?? (breaksARule ? exercise.mutants.first : nil)
        else {
          findings[index].problem = "its sentence is not one that any mutant or suite rule of \(exercise.id) says"
          continue
        }
        named[exercise.id] = mutant
        own.append(index)
      }
      guard !own.isEmpty else { continue }
      let verdicts = try checker.grade(
        own.map { swapped[$0].1 }, of: topic, sourcesFolder: slot.sourcesFolder, scratch: slot.scratch,
        label: topic.module, correctRuns: 1, only: named)
      for index in own {
        let (_, exercise, answer) = swapped[index]
        findings[index].runs += 1
        guard case .failing(let failures) = verdicts[exercise.id] else {
          findings[index].problem =
            "its suite was not caught: the verdict is \"\(verdicts[exercise.id]?.explanation.first ?? "none")\""
          continue
        }
        let said = failures.flatMap(\.messages)
        guard said.contains(where: { Self.normalized($0).contains(Self.normalized(answer.sentence)) }) else {
          findings[index].problem = "its verdict does not say the sentence; it opens with: \(said.first ?? "")"
          continue
        }
        findings[index].caught += 1
        if let first = said.first, !Self.normalized(first).contains(Self.normalized(answer.sentence)) {
          findings[index].opensWith = first
          findings[index].problem = "caught, but its verdict opens with: \(first)"
        }
      }
    }
  }

  /// Builds the scratch copy under the thread sanitizer.
  private func sanitizedBuild(topics: [Topic], checker: Checker) throws -> Checker.BuildOutcome {
    let environment = checker.environment(topics: topics, sourcesFolder: Self.sourcesFolder)
    let outcome = try Subprocess(
      arguments: ["swift", "build", "--build-tests", "--sanitize=thread", "--scratch-path", Self.sanitizedScratch],
      environment: environment, directory: workspace.root
    ).run()
    return Checker.BuildOutcome(succeeded: outcome.succeeded, output: outcome.output)
  }

  /// Runs the suites matching `filter` under the thread sanitizer, one test at a time, and reads their events.
  private func sanitizedTest(filter: String, topics: [Topic], checker: Checker) throws -> (
    TestReport, Subprocess.Outcome
  ) {
    let events = FileManager.default.temporaryDirectory.appendingPathComponent(
      "course-events-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: events) }
    let environment = checker.environment(topics: topics, sourcesFolder: Self.sourcesFolder)
    let outcome = try Subprocess(
      arguments: [
        "swift", "test", "--skip-build", "--sanitize=thread", "--scratch-path", Self.sanitizedScratch,
        "--no-parallel", "--filter", filter,
        "--experimental-event-stream-output", events.path, "--experimental-event-stream-version", "0",
      ],
      environment: environment, directory: workspace.root, timeLimit: timeLimit
    ).run()
    return (TestReport(eventStream: ProgramOutput.text(ofFile: events.path)), outcome)
  }

  /// How a run that left tests unfinished ended, in words, with the tests still running then.
  ///
  /// A run ended by the watchdog or the time limit is not a trap of the answer's: the proof says
  /// which, so that a log tells a hang beside it (another suite's) from a crash of its own.
  static func ending(of outcome: Subprocess.Outcome, report: TestReport) -> String {
    let running = report.tests.filter { $0.started && !$0.ended }.map { "\"\($0.name)\" (\($0.suite))" }
    let still = running.isEmpty ? "" : "; still running then: " + running.prefix(12).joined(separator: ", ")
    switch (outcome.stall, outcome.timedOut, outcome.signal) {
    case (.spinning(let seconds)?, _, _):
      return "the run was ended after \(seconds) s in which no test made progress while a CPU stayed busy\(still)"
    case (.idle(let seconds)?, _, _):
      return "the run was ended after \(seconds) s in which no test made progress and nothing ran\(still)"
    case (nil, true, _):
      return "the run passed its time limit\(still)"
    case (nil, false, let signal?):
      return
        "the test process was killed by signal \(signal): a trap must fail its own test, not the run (\(Checker.crashMessage(in: outcome.output, running: [])))\(still)"
    case (nil, false, nil):
      return
        "the test process ended early: a trap must fail its own test, not the run (\(Checker.crashMessage(in: outcome.output, running: [])))\(still)"
    }
  }

  /// Why `answer` was not caught in this run with its sentence, or `nil` when it was.
  private func judge(
    _ answer: WrongAnswer, of exercise: Exercise, in topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> String? {
    let tests = report.tests(inSuite: topic.filter(exercise))
    guard !tests.isEmpty else {
      return
        "its suite ran no test (\(outcome.timedOut ? "timed out" : Checker.crashMessage(in: outcome.output, running: [])))"
    }
    if let unfinished = tests.first(where: { !$0.ended }) {
      return "\"\(unfinished.name)\" did not finish: \(Self.ending(of: outcome, report: report))"
    }
    let failing = tests.filter { !$0.passed }
    guard !failing.isEmpty else { return "its suite passed: the mistake is not caught" }
    let said = failing.flatMap(\.issues)
    func says(_ sentence: String) -> Bool {
      said.contains { Self.normalized($0).contains(Self.normalized(sentence)) }
    }
    if let also = answer.alsoSays, says(answer.sentence), !says(also) {
      return "its suite failed with its sentence, but not with the one its header's Also says line names"
    }
    if says(answer.sentence) { return nil }
    let first = said.first.map { $0.split(separator: "\n").first.map(String.init) ?? $0 } ?? ""
    return "its suite failed, but without the sentence; \"\(failing[0].name)\" said: \(first)"
  }

  /// The first sentence of the verdict a learner would read, and why the proof fails on it, when it
  /// is not `answer`'s own: other words, or a tag that names another anti-pattern, or none.
  ///
  /// A kit sentence (a double resume, a hang) names the kit's id, not the exercise's: the words then
  /// decide, since one kit sentence reports many mistakes.
  private func opening(
    of answer: WrongAnswer, exercise: Exercise, in topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> (first: String, problem: String)? {
    let verdict = Checker.verdict(for: exercise, of: topic, report: report, outcome: outcome, limit: timeLimit)
    let shown = verdict.explanation.joined(separator: "\n")
    if let raw = shown.split(separator: "\n").first(where: { $0.contains("Expectation failed") }) {
      return (String(raw), "caught, but its verdict shows Swift Testing's own line, not words: \(raw)")
    }
    let first: String
    var ids: [String]?
    if case .failing(let failures) = verdict, let message = failures.first?.messages.first {
      first = message.split(separator: "\n").first.map(String.init) ?? message
      ids = failures.first?.antiPatterns
    } else {
      first = verdict.explanation.joined(separator: " ")
    }
    guard Self.normalized(first).contains(Self.normalized(answer.sentence)) else {
      return (first, "caught, but its verdict opens with: \(first)")
    }
    guard let ids else { return nil }
    let kit = Set(AntiPattern.kit.map(\.id))
    if ids.isEmpty {
      return (
        first, "caught, but its first sentence names no anti-pattern (end it with [\(answer.antiPattern)]): \(first)"
      )
    }
    let own = ids.filter { !kit.contains($0) }
    if !own.isEmpty, !own.contains(answer.antiPattern) {
      let named = own.map { "`\($0)`" }.joined(separator: ", ")
      return (first, "caught, but its first sentence names \(named), not `\(answer.antiPattern)`: \(first)")
    }
    return nil
  }

  /// Why the verdict a learner would read blames, after its opening, a cause `answer` does not commit,
  /// or `nil` when every failure it shows is the answer's own.
  ///
  /// A failure shown as a cause of its own (not folded under another) must name the answer's
  /// anti-pattern, or be a kit sentence (a hang, a double resume: true of any code that does it), or
  /// carry the sentence of the answer's `Also says` line, a second mistake its author wrote on purpose.
  /// Anything else is a false cause: a learner who reads it fixes what they did not write.
  private func falseCause(
    of answer: WrongAnswer, exercise: Exercise, in topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> String? {
    let verdict = Checker.verdict(for: exercise, of: topic, report: report, outcome: outcome, limit: timeLimit)
    guard case .failing(let failures) = verdict else { return nil }
    let kit = Set(AntiPattern.kit.map(\.id))
    for failure in failures.dropFirst() {
      let ids = failure.antiPatterns ?? []
      if ids.contains(answer.antiPattern) || (!ids.isEmpty && ids.allSatisfy(kit.contains)) { continue }
      if let also = answer.alsoSays,
        failure.messages.contains(where: { Self.normalized($0).contains(Self.normalized(also)) })
      {
        continue
      }
      let named = ids.isEmpty ? "no anti-pattern" : ids.map { "`\($0)`" }.joined(separator: ", ")
      let sentence = failure.messages.first.map { $0.split(separator: "\n").first.map(String.init) ?? $0 } ?? ""
      return "caught, but its verdict also blames \(named) in \"\(failure.test)\": \(sentence)"
    }
    return nil
  }

  /// Text with its runs of white space made single spaces, so a sentence matches across line breaks.
  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
  }

  /// Writes the scratch copy: every solution of `topics`, with the `swapped` answers in their exercises' place.
  private func writeScratch(
    of topics: [Topic], swapping swapped: [(Topic, Exercise, WrongAnswer)], in slot: Slot
  ) throws {
    for topic in topics {
      let folder = workspace.url("\(slot.sourcesFolder)/\(topic.module)")
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

/// Work started on a thread of its own, whose result a caller collects later.
///
/// `course prove` builds the next round while the current one's tests run: both are blocking waits on
/// a child process, so a thread, not a task, runs the build.
final class Background<Value: Sendable>: Sendable {
  private let value = Locked<Value?>(nil)
  private let done = DispatchSemaphore(value: 0)

  /// Starts `work` now.
  init(_ work: @escaping @Sendable () -> Value) {
    Thread.detachNewThread { [value, done] in
      let result = work()
      value.withLock { $0 = result }
      done.signal()
    }
  }

  /// Waits for the work to end and returns what it returned.
  func result() -> Value {
    done.wait()
    done.signal()  // a second call returns at once
    return value.withLock { $0! }
  }
}
