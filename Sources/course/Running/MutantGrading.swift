import CourseCatalog
import Foundation

/// Grades a learner's tests of topic 7 by the mutants they catch.
///
/// One build serves every run: the learner's tests run against the correct subjects, then once per
/// round of mutants (the n-th mutant of every exercise at once, chosen by `COURSE_MUTANT`), then
/// against the correct subjects again, five runs in all. A run that crashes or hangs is taken apart:
/// each exercise it did not finish runs again alone, so one exercise's crash never decides another's.
extension Checker {
  /// How many runs against the correct subjects a learner's tests must pass.
  static let correctRuns = 5

  /// The file, in a build folder, that names the mutants of the next test run there.
  static let mutantFileName = "course-mutant"

  /// Writes the file that names `mutants` for the next test run in `scratch` (empty: every subject is
  /// the correct one), and returns its path, for `COURSE_MUTANT_FILE`.
  ///
  /// The mutants are named in a file, and not in `COURSE_MUTANT` itself, so that the environment of
  /// every build and run stays the same: SwiftPM evaluates the manifest again whenever it changes,
  /// which cost 0.6 s a run, half of each run against a mutant.
  func mutantFile(scratch: String, naming mutants: [String: String]) throws -> String {
    let file = workspace.url(scratch).appendingPathComponent(Self.mutantFileName)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Self.mutantVariable(mutants).write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  /// `COURSE_MUTANT`'s value for `mutants` (exercise id to slug): `7.1=done-only,7.4=never-finishes`.
  static func mutantVariable(_ mutants: [String: String]) -> String {
    mutants.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
  }

  /// What a learner's suite did against one mutant.
  enum MutantResult: Equatable {
    /// A test of the suite failed, and the suite's run ended.
    case caught
    /// Every test passed.
    case survived
    /// The test process died while the suite ran; the payload is the runtime's words.
    case crashed(String)
    /// The suite never finished; the payload is how long nothing ran, in seconds.
    case hung(Int)
    /// The teammate's right test that catches this mutant (7.5) is gone.
    case keptTestMissing(String)
    /// The teammate's right test is there, but no longer catches this mutant.
    case keptTestMissed(String)
  }

  /// Verdicts for `exercises` of `topic`, a topic whose learners write the tests, from one build.
  ///
  /// `correctRuns` is how many runs against the correct subjects the suites must pass: five for a
  /// learner, and one for the proof of a weak suite, which is about the mutant it lets through;
  /// `only` limits an exercise to that one mutant.
  func grade(
    _ exercises: [Exercise], of topic: Topic, sourcesFolder: String, scratch: String, label: String,
    correctRuns: Int = Checker.correctRuns, only: [String: Mutant] = [:]
  ) throws -> [String: Verdict] {
    // The mutants each suite meets: all of them, or the one `only` names for its exercise.
    func mutants(of exercise: Exercise) -> [Mutant] {
      only[exercise.id].map { [$0] } ?? Self.gradedMutants(of: exercise)
    }
    func filter(_ exercises: [Exercise]) -> String {
      exercises.map { NSRegularExpression.escapedPattern(for: topic.filter($0)) }.joined(separator: "|")
    }
    var verdicts: [String: Verdict] = [:]
    let (report, outcome) = try test(
      filter: filter(exercises), topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch,
      status: status.map { ($0("\(label): your tests, against the correct subjects"), exercises.count) })
    for exercise in exercises {
      var verdict = Self.verdict(
        for: exercise, of: topic, report: report, outcome: outcome, limit: timeLimit, raw: showsRawIssues)
      if case .crashed = verdict, !report.runEnded {
        verdict = try attributeCrash(
          of: exercise, in: topic, report: report, sourcesFolder: sourcesFolder, scratch: scratch)
      }
      verdicts[exercise.id] = Self.againstTheCorrectSubject(verdict, of: exercise)
    }
    var graded = exercises.filter { verdicts[$0.id] == .passed }
    var results: [String: [(Mutant, MutantResult)]] = [:]
    let rounds = graded.map { mutants(of: $0).count }.max() ?? 0
    for round in 0..<rounds {
      let group = graded.filter { mutants(of: $0).count > round }
      let line = status?("\(label): mutant \(round + 1) of \(rounds)")
      let chosen = Dictionary(uniqueKeysWithValues: group.map { ($0.id, mutants(of: $0)[round].slug) })
      let (shared, sharedOutcome) = try test(
        filter: filter(group), topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch, mutants: chosen)
      line?.finish()
      // A run the watchdog stopped with one suite unfinished, and every other suite done, says which one hung.
      let unfinished = group.filter { exercise in
        let tests = shared.tests(inSuite: topic.filter(exercise))
        return tests.isEmpty || tests.contains { !$0.ended }
      }
      let hung = sharedOutcome.stall != nil && unfinished.count == 1 ? unfinished.first?.id : nil
      for exercise in group {
        let mutant = mutants(of: exercise)[round]
        var result = Self.judge(
          mutant, of: exercise, in: topic, report: shared, outcome: sharedOutcome,
          alone: group.count == 1 || exercise.id == hung,
          limit: timeLimit)
        if result == nil {
          // The run died or stopped before this suite finished: run it again on its own.
          let (alone, aloneOutcome) = try test(
            filter: filter([exercise]), topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch,
            mutants: [exercise.id: mutant.slug])
          result = Self.judge(
            mutant, of: exercise, in: topic, report: alone, outcome: aloneOutcome, alone: true, limit: timeLimit)
        }
        results[exercise.id, default: []].append((mutant, result ?? .survived))
      }
    }
    // The correct subjects again: a test that passes them only some of the time proves nothing.
    for run in stride(from: 2, through: correctRuns, by: 1) where !graded.isEmpty {
      let (again, againOutcome) = try test(
        filter: filter(graded), topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch)
      for exercise in graded {
        let verdict = Self.verdict(
          for: exercise, of: topic, report: again, outcome: againOutcome, limit: timeLimit, raw: showsRawIssues)
        guard verdict != .passed else { continue }
        verdicts[exercise.id] = Self.flaky(verdict, run: run, of: exercise)
      }
      graded.removeAll { verdicts[$0.id] != .passed }
    }
    for exercise in graded {
      let failures = Self.failures(for: results[exercise.id] ?? [])
      if !failures.isEmpty { verdicts[exercise.id] = .failing(failures) }
    }
    // A rule about the tests themselves comes first: no run of them can show it broken.
    for exercise in exercises {
      let broken = ruleFailures(of: exercise, in: topic, sourcesFolder: sourcesFolder)
      guard !broken.isEmpty else { continue }
      switch verdicts[exercise.id] {
      case .passed: verdicts[exercise.id] = .failing(broken)
      case .failing(let failures):
        // A kept test that was changed and no longer catches its mutant is one mistake: the edit, and
        // what it cost, under one title.
        var merged = broken
        for failure in failures {
          if let slot = merged.firstIndex(where: { $0.test == failure.test }) {
            merged[slot].messages += failure.messages
          } else {
            merged.append(failure)
          }
        }
        verdicts[exercise.id] = .failing(merged)
      default: continue  // not started, or did not finish: that is what the learner reads first
      }
    }
    return verdicts
  }

  /// The failures of the suite rules of `exercise` that the learner's file breaks (``SuiteRule``), and
  /// of the teammate's tests it was told to keep as they are but changed.
  func ruleFailures(of exercise: Exercise, in topic: Topic, sourcesFolder: String) -> [Verdict.Failure] {
    let kept = exercise.mutants.compactMap(\.keptTest)
    guard !exercise.suiteRules.isEmpty || !kept.isEmpty,
      let source = workspace.read("\(sourcesFolder)/\(topic.module)/\(exercise.fileName)")
    else { return [] }
    let known = Set((exercise.antiPatterns + AntiPattern.kit).map(\.id))
    let broken = exercise.suiteRules.filter { $0.isBroken(by: source) }.map { rule in
      Verdict.Failure(
        test: "What your tests use", messages: [AntiPattern.untagged(rule.sentence, known: known)],
        antiPatterns: AntiPattern.tags(in: rule.sentence, known: known))
    }
    guard !kept.isEmpty, let shipped = try? workspace.pristineStub(of: exercise, in: topic) else { return broken }
    return broken + Self.changedKeptTests(kept, in: source, shipped: shipped)
  }

  /// How the failure of a changed kept test opens: the proof of a weak suite looks for it.
  static let changedKeptTest = "You changed the teammate's test"

  /// A failure for each test of `kept` (such as `"returnsTheSession()"`) whose body in `source` is not
  /// the one `shipped` has, read without comments or spacing: "without changing" means any edit.
  ///
  /// A test that is gone, or that no longer catches its mutant, has its own verdict (``MutantResult``);
  /// this catches the edit that still catches it, such as a second assertion or a rewrite.
  static func changedKeptTests(_ kept: [String], in source: String, shipped: String) -> [Verdict.Failure] {
    func body(of test: String, in text: String) -> String? {
      let code = SuiteRule.withoutComments(text)
      let name = test.prefix { $0 != "(" }
      guard let declaration = code.range(of: "func \(name)("),
        let open = code[declaration.upperBound...].firstIndex(of: "{")
      else { return nil }
      var depth = 0
      for index in code[open...].indices {
        if code[index] == "{" { depth += 1 }
        if code[index] == "}" { depth -= 1 }
        if depth == 0 { return String(code[open...index].filter { !$0.isWhitespace }) }
      }
      return nil
    }
    return kept.compactMap { test in
      guard let original = body(of: test, in: shipped), let now = body(of: test, in: source), now != original
      else { return nil }
      return Verdict.Failure(
        test: "The teammate's test `\(test)` was changed",
        messages: [
          "\(changedKeptTest) `\(test)`: it is right as it was. Keep it exactly as it is, and fix the suite around it: add tests, and rewrite the others."
        ],
        antiPatterns: ["kept-test-weakened"])
    }
  }

  /// What the suite of `exercise` did against `mutant`; `nil` when a shared run ended before the suite
  /// did, and so cannot say.
  static func judge(
    _ mutant: Mutant, of exercise: Exercise, in topic: Topic, report: TestReport, outcome: Subprocess.Outcome,
    alone: Bool, limit: Double
  ) -> MutantResult? {
    let suite = topic.filter(exercise)
    let tests = report.tests(inSuite: suite)
    let finished = !tests.isEmpty && tests.allSatisfy(\.ended)
    if !finished {
      guard alone else { return nil }
      if let stall = outcome.stall {
        switch stall {
        case .idle(let seconds), .spinning(let seconds): return .hung(seconds)
        }
      }
      if outcome.timedOut { return .hung(Int(limit)) }
      return .crashed(RuntimeCrash.message(in: outcome.output) ?? "the process died and the runtime gave no reason")
    }
    if let kept = mutant.keptTest {
      let named = { (function: String) in function.hasSuffix("/" + kept) }
      guard report.announced(inSuite: suite).contains(where: { named($0.function) }) else {
        return .keptTestMissing(kept)
      }
      let caughtByKept = tests.contains { named(TestReport.function(of: $0.id)) && !$0.passed }
      if !caughtByKept { return .keptTestMissed(kept) }
    }
    return tests.contains { !$0.passed } ? .caught : .survived
  }

  /// Every mutant a learner's suite of `exercise` meets: the hand-written ones first, then those the
  /// operators made of its subject (``OperatorMutant``). A test that catches one is told by the reference
  /// test that does, not by a hand-written mutant's words: those are about another change.
  static func gradedMutants(of exercise: Exercise) -> [Mutant] {
    let subject = exercise.mutants.first?.subject ?? "an adapter"
    return exercise.mutants
      + (Catalog.subjectMutants[exercise.id]?.live ?? []).map { change in
        Mutant(change, subject: subject, catchIt: "")
      }
  }

  /// The mutant of `exercise` whose verdict says `sentence`: the one a weak suite names in its header.
  static func mutant(saying sentence: String, of exercise: Exercise) -> Mutant? {
    let wanted = WrongAnswerProof.normalized(sentence)
    let results: [MutantResult] = [.survived, .crashed(""), .hung(0)]
    return gradedMutants(of: exercise).first { mutant in
      let kept = mutant.keptTest.map { [MutantResult.keptTestMissing($0), .keptTestMissed($0)] } ?? []
      return (results + kept).contains { result in
        failure(for: result, of: mutant)?.messages.contains { WrongAnswerProof.normalized($0).contains(wanted) }
          ?? false
      }
    }
  }

  /// The failures a verdict shows for what a suite did against each mutant, in the mutants' order.
  ///
  /// Mutants that survive on one path of the subject have one cause, the test of that path that the
  /// suite lacks: the first is shown, and the others are folded under it ("On the failure path too,
  /// your tests pass 2 more: …"), never shown as mistakes of their own.
  ///
  /// Operator mutants that survive are shown the same way: the first in full, and the others counted
  /// under it by the rule each breaks, so that a verdict stays a screen long.
  static func failures(for results: [(Mutant, MutantResult)]) -> [Verdict.Failure] {
    var failures: [Verdict.Failure] = []
    var firstOnPath: [String: Int] = [:]
    var folded: [(index: Int, path: String, mutants: [Mutant])] = []
    var firstOperator: Int?
    var moreOperators: [String] = []
    for (mutant, result) in results {
      guard let failure = failure(for: result, of: mutant) else { continue }
      if case .survived = result, let change = mutant.change {
        if firstOperator == nil {
          firstOperator = failures.count
          failures.append(failure)
        } else {
          moreOperators.append(change.ruleIDs)
        }
        continue
      }
      if case .survived = result, let path = mutant.path {
        if let index = firstOnPath[path] {
          if let slot = folded.firstIndex(where: { $0.index == index }) {
            folded[slot].mutants.append(mutant)
          } else {
            folded.append((index, path, [mutant]))
          }
          continue
        }
        firstOnPath[path] = failures.count
      }
      failures.append(failure)
    }
    if let index = firstOperator, !moreOperators.isEmpty {
      var rules: [String] = []
      for rule in moreOperators where !rules.contains(rule) { rules.append(rule) }
      let counted = rules.map { rule in
        let count = moreOperators.filter { $0 == rule }.count
        return "\(count) that \(count == 1 ? "breaks" : "break") \(rule)"
      }
      let more = moreOperators.count == 1 ? "1 more mutant" : "\(moreOperators.count) more mutants"
      failures[index].messages.append(
        "Your tests pass \(more) of the operators too: \(counted.joined(separator: ", ")).")
    }
    for (index, path, mutants) in folded {
      let more = mutants.count == 1 ? "1 more" : "\(mutants.count) more"
      failures[index].messages.append(
        "On \(path) too, your tests pass \(more): "
          + mutants.map { "\($0.subject) that \($0.does)" }.joined(separator: "; ") + ".")
    }
    return failures
  }

  /// The failure a verdict shows for `result`, in the lesson's words; `nil` when the mutant was caught.
  static func failure(for result: MutantResult, of mutant: Mutant) -> Verdict.Failure? {
    let what = "\(mutant.subject) that \(mutant.does)"
    switch result {
    case .caught:
      return nil
    case .survived:
      if let change = mutant.change {
        return .init(
          test: "Survives: \(mutant.subject) that breaks \(change.ruleIDs), changed at line \(change.line)",
          messages: [mutant.survives] + mutant.changeShown)
      }
      return .init(test: "Survives: \(what)", messages: [mutant.survives])
    case .crashed(let words):
      return .init(
        test: "Crashes the run: \(what)",
        messages: [
          "Your tests crash the test process against \(what), so no test of yours reports it: a trap in the test's own process takes the whole run down. Make that call in a child process, with `#expect(processExitsWith: .success)`, where the trap fails one test. The runtime said: \(words)"
        ])
    case .hung(let seconds):
      return .init(
        test: "Hangs the run: \(what)",
        messages: [
          "Your tests hang against \(what): no test of the run made progress for \(seconds) s, and it was stopped. Await every call under `withDeadline`, so that a hang fails one test instead of stopping the run."
        ])
    case .keptTestMissing(let kept):
      return .init(
        test: "The teammate's test `\(kept)` is gone",
        messages: [
          "Keep the teammate's test `\(kept)`: it is right, and it is what catches \(what). Fix the suite around it."
        ])
    case .keptTestMissed(let kept):
      return .init(
        test: "The teammate's test `\(kept)` was changed",
        messages: [
          "The teammate's test `\(kept)` no longer catches \(what). It was right as it was: keep it unchanged."
        ])
    }
  }

  /// A verdict of the first run, against the correct subject, in the words of a suite that must pass it.
  static func againstTheCorrectSubject(_ verdict: Verdict, of exercise: Exercise) -> Verdict {
    guard case .failing(let failures) = verdict else { return verdict }
    let subject = exercise.mutants.first?.correctSubject ?? "the correct subject"
    return .failing(
      failures.map { failure in
        var failure = failure
        failure.messages.insert(
          "This test fails against \(subject), which it must pass: it would fail a correct build too.", at: 0)
        return failure
      })
  }

  /// A verdict of a later run against the correct subject, after the first one passed.
  static func flaky(_ verdict: Verdict, run: Int, of exercise: Exercise) -> Verdict {
    let subject = exercise.mutants.first?.correctSubject ?? "the correct subject"
    let sentence =
      "Your tests passed \(subject) in run 1, but not in run \(run) of \(correctRuns): a test that depends on timing (a `sleep`, a race) passes by luck. Wait for what you expect under `withDeadline`, or with `eventually`, instead."
    guard case .failing(let failures) = verdict else {
      return .failing([.init(test: "Passes only some of the time", messages: [sentence] + verdict.explanation)])
    }
    return .failing(
      failures.map { failure in
        var failure = failure
        failure.messages.insert(sentence, at: 0)
        return failure
      })
  }
}
