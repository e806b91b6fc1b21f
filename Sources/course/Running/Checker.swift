import CourseAudits
import CourseCatalog
import Foundation

/// Builds and tests exercises, one topic at a time, and turns what happened into verdicts.
///
/// A topic is checked with one build and one `swift test` run whose results are
/// split by suite. A file that does not compile is reported as that exercise's
/// failure, and the topic's other exercises are then checked in a build where that
/// file is replaced by its stub, so one broken exercise never hides the others.
struct Checker {
  /// Which sources the exercise targets are built from.
  enum Mode: String {
    /// The learner's files in `Exercises/`.
    case exercises
    /// The hidden solutions in `Solutions/`.
    case solutions
    /// The instructor's scratch copy in `.course/scratch/`.
    case scratch
  }

  let workspace: Workspace
  var mode: Mode = .exercises
  /// How long one test run may take before it counts as hung, in seconds.
  var timeLimit: Double = 120
  /// Whether to show the build's output as it happens.
  var echo = false
  /// Makes the status line of each step (a topic's build, its test run), when progress is shown.
  var status: ((String) -> LiveStatus)? = nil
  /// Whether an exercise whose suite passes has its race tests (``Exercise/raceTests``) run again
  /// under the thread sanitizer, in ``sanitizedScratchPath``: what `course check` and `watch` do.
  var sanitizesRaces = false
  /// Whether a failure shows Swift Testing's own lines under its sentence (`Expectation failed: …`),
  /// as `course check --verbose` does; otherwise it shows the lesson's words alone.
  var showsRawIssues = false
  /// The operator mutants to compile into topic 7's subjects, by exercise id: the proof's candidates;
  /// `nil` for the catalog's live ones, which a check grades by.
  var subjectMutants: [String: [SolutionMutant]]? = nil
  /// Says at once, in a sentence, what a check does differently from what was asked, such as
  /// checking without an exercise that does not compile; nil when nobody is reading.
  var notice: ((String) -> Void)? = nil

  /// Checks `exercises` and returns a verdict for each, by id.
  func check(_ exercises: [(topic: Topic, exercise: Exercise)]) throws -> [String: Verdict] {
    var verdicts: [String: Verdict] = [:]
    var topics: [Topic] = []
    for (topic, _) in exercises where !topics.contains(topic) { topics.append(topic) }
    for (index, topic) in topics.enumerated() {
      let wanted = exercises.filter { $0.topic == topic }.map(\.exercise)
      let label = topics.count > 1 ? "[\(index + 1)/\(topics.count)] \(topic.module)" : topic.module
      try verdicts.merge(check(wanted, of: topic, label: label)) { _, new in new }
    }
    return verdicts
  }

  private func check(_ exercises: [Exercise], of topic: Topic, label: String) throws -> [String: Verdict] {
    var verdicts: [String: Verdict] = [:]
    var sourcesFolder = sourcesFolder(of: topic)
    var scratch = scratchPath
    let build = try self.build(
      topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch, status: status?("\(label): building"))
    if !build.succeeded {
      let errors = Self.compileErrors(in: build.output)
      let broken = brokenExercises(of: topic, errors: errors)
      guard !broken.isEmpty else {
        return Dictionary(
          uniqueKeysWithValues: exercises.map { ($0.id, Verdict.doesNotCompile(errors.first ?? build.tail)) })
      }
      for (id, error) in broken { verdicts[id] = .doesNotCompile(error) }
      // An exercise that builds on a broken one cannot be judged: it waits, and keeps its progress.
      for exercise in exercises where verdicts[exercise.id] == nil {
        if let prerequisite = exercise.buildsOn.first(where: { broken[$0] != nil }), let error = broken[prerequisite] {
          verdicts[exercise.id] = .waiting(for: prerequisite, error)
        }
      }
      let rest = exercises.filter { verdicts[$0.id] == nil }
      guard !rest.isEmpty else { return verdicts }
      // Check the rest with the broken files replaced by their stubs, and say so before building.
      let brokenIDs = topic.exercises.map(\.id).filter { broken[$0] != nil }
      notice?(Self.isolationNotice(broken: brokenIDs.map { ($0, broken[$0]!) }, checking: rest.map(\.id)))
      let isolated = try workspace.isolatedCopy(of: topic, from: sourcesFolder, replacing: brokenIDs)
      sourcesFolder = isolated
      scratch = Self.isolatedScratchPath
      let retry = try self.build(
        topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch,
        status: status?("\(label) without \(Self.list(brokenIDs)): building"))
      guard retry.succeeded else {
        let error = Self.compileErrors(in: retry.output).first ?? retry.tail
        for exercise in exercises where verdicts[exercise.id] == nil { verdicts[exercise.id] = .doesNotCompile(error) }
        return verdicts
      }
    }
    let remaining = exercises.filter { verdicts[$0.id] == nil }
    guard !remaining.isEmpty else { return verdicts }
    if topic.learnerWritesTests {
      return try verdicts.merging(
        grade(remaining, of: topic, sourcesFolder: sourcesFolder, scratch: scratch, label: label)
      ) { _, new in new }
    }
    let filter = remaining.map { NSRegularExpression.escapedPattern(for: topic.filter($0)) }.joined(separator: "|")
    let (report, outcome) = try test(
      filter: filter, topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch,
      status: status.map { ($0("\(label): testing"), remaining.count) })
    for exercise in remaining {
      verdicts[exercise.id] = Self.verdict(
        for: exercise, of: topic, report: report, outcome: outcome, limit: timeLimit, raw: showsRawIssues)
      if case .crashed = verdicts[exercise.id], !report.runEnded {
        verdicts[exercise.id] = try attributeCrash(
          of: exercise, in: topic, report: report, sourcesFolder: sourcesFolder, scratch: scratch)
      }
    }
    let racing = remaining.filter { !$0.raceTests.isEmpty && verdicts[$0.id] == .passed }
    if sanitizesRaces, !racing.isEmpty {
      try verdicts.merge(
        checkRaces(of: racing, in: topic, sourcesFolder: sourcesFolder, label: label)
      ) { _, new in new }
    }
    return verdicts
  }

  /// The `--filter` patterns that select the race tests of `exercise` (``Exercise/raceTests``), one each:
  /// what a check, and a proof under the sanitizer, run again there.
  static func raceTestFilters(of exercise: Exercise, in topic: Topic) -> [String] {
    exercise.raceTests.map { NSRegularExpression.escapedPattern(for: "\(topic.filter(exercise))/\($0)") }
  }

  /// Where a topic is built under the thread sanitizer for the race tests of a check.
  static let sanitizedScratchPath = ".build/course-sanitized"

  /// Runs the race tests of `exercises`, whose plain suites passed, under the thread sanitizer, and
  /// returns a verdict for each exercise they fail. A race the timing hid is seen there every time.
  func checkRaces(of exercises: [Exercise], in topic: Topic, sourcesFolder: String, label: String) throws
    -> [String: Verdict]
  {
    let scratch = Self.sanitizedScratchPath
    let build = try self.build(
      topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch, sanitized: true,
      status: status?("\(label): under the thread sanitizer, building"))
    guard build.succeeded else {
      // The plain build succeeded: a sanitized one that does not is the toolchain's, not the learner's.
      notice?("The thread sanitizer's build failed, so the race tests ran only without it: \(build.tail)")
      return [:]
    }
    let filter = exercises.flatMap { Self.raceTestFilters(of: $0, in: topic) }.joined(separator: "|")
    let (report, outcome) = try test(
      filter: filter, topics: [topic], sourcesFolder: sourcesFolder, scratch: scratch, sanitized: true,
      status: status.map { ($0("\(label): under the thread sanitizer, testing"), exercises.count) })
    var verdicts: [String: Verdict] = [:]
    for exercise in exercises {
      let verdict = Self.verdict(
        for: exercise, of: topic, report: report, outcome: outcome, limit: timeLimit, raw: showsRawIssues)
      if verdict != .passed {
        verdicts[exercise.id] = verdict
      } else if let race = DataRaceReport(in: outcome.output) {
        // A race in the test process itself, not in a child the test reads: the sanitizer's words.
        verdicts[exercise.id] = .failing([
          .init(
            test: exercise.raceTests.joined(separator: ", "),
            messages: [
              "Under the thread sanitizer: \(race.summary(source: DataRaceReport.reader(searching: [workspace.url("\(sourcesFolder)/\(topic.module)").path]))) (\(race.warning))."
            ])
        ])
      }
    }
    return verdicts
  }

  /// After a crash took the test process down, runs each test of `exercise` that did not finish on
  /// its own, so the test that crashed is named with the runtime's words and every other test
  /// still gets its verdict.
  func attributeCrash(
    of exercise: Exercise, in topic: Topic, report: TestReport, sourcesFolder: String, scratch: String
  ) throws -> Verdict {
    let suite = topic.filter(exercise)
    var results = report.tests(inSuite: suite).filter(\.ended)
    var crashes: [Verdict.Failure] = []
    let finished = Set(results.map { TestReport.function(of: $0.id) })
    for test in report.announced(inSuite: suite) where !finished.contains(test.function) {
      let (single, outcome) = try self.test(
        filter: NSRegularExpression.escapedPattern(for: test.function), topics: [topic], sourcesFolder: sourcesFolder,
        scratch: scratch)
      let ran = single.tests(inSuite: suite)
      if !ran.isEmpty, ran.allSatisfy(\.ended) {
        results += ran
      } else if outcome.timedOut || outcome.stall != nil {
        return Self.verdict(
          for: exercise, of: topic, report: single, outcome: outcome, limit: timeLimit, raw: showsRawIssues)
      } else {
        let words = RuntimeCrash.message(in: outcome.output) ?? "the process died and the runtime gave no reason"
        crashes.append(
          .init(test: test.name, messages: ["This test crashed the test process. The runtime said: \(words)"]))
      }
    }
    let failing = results.filter { !$0.passed }.map { Verdict.Failure(test: $0.name, messages: $0.issues) }
    if crashes.isEmpty, failing.isEmpty { return .passed }
    let issues = failing.flatMap(\.messages)
    if crashes.isEmpty, failing.count == results.count, !issues.isEmpty,
      issues.allSatisfy({ $0.contains("is not started yet") })
    {
      return .notStarted(issues[0])
    }
    return .failing(crashes + failing)
  }

  // MARK: Building and running

  struct BuildOutcome {
    var succeeded: Bool
    var output: String
    var tail: String { output.split(separator: "\n").suffix(3).joined(separator: " / ") }
  }

  /// Where a topic is built when some of its files are replaced by their stubs (see ``Workspace/isolatedCopy(of:from:replacing:)``).
  static let isolatedScratchPath = ".build/course-isolated"

  /// The sentence a check prints before it checks a topic without its broken files: "1.5 does not
  /// compile (Ex1_5_FlattenPyramid.swift:18); checking 1.2 on its own".
  static func isolationNotice(broken: [(id: String, error: String)], checking: [String]) -> String {
    let places = broken.map { place(of: $0.error) }.joined(separator: ", ")
    let verb = broken.count == 1 ? "does" : "do"
    let how = checking.count == 1 ? "on its own" : "without \(broken.count == 1 ? "it" : "them")"
    return "\(list(broken.map(\.id))) \(verb) not compile (\(places)); checking \(list(checking)) \(how)"
  }

  /// `path/File.swift:18:5: error: ...` as `File.swift:18`.
  static func place(of error: String) -> String {
    let parts = error.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
    guard parts.count >= 2, Int(parts[1]) != nil else { return error }
    return "\(parts[0].split(separator: "/").last ?? parts[0]):\(parts[1])"
  }

  /// "1.1", "1.1 and 1.2", "1.1, 1.2 and 1.3".
  static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
  }

  var scratchPath: String {
    switch mode {
    // Not `.build`, which `swift run course` builds in and locks: a check's build, and the one the
    // overview starts in the background, never wait for that lock, nor it for them.
    case .exercises: ".build/course-exercises"
    case .solutions: ".build/course-solutions"
    case .scratch: ".build/course-scratch"
    }
  }

  func sourcesFolder(of topic: Topic) -> String {
    switch mode {
    case .exercises: "Exercises"
    case .solutions: "Solutions"
    case .scratch: Workspace.scratchFolder
    }
  }

  /// The environment of a build or a test run of `topics` (every topic: `nil`) from `sourcesFolder`.
  ///
  /// Of a topic whose learners write the tests (7), it names the subjects with their operator mutants
  /// compiled in (``SubjectSchemata``), and writes them first, so that every build a check, a proof or
  /// `course warm` runs of it builds the same ones.
  func environment(topics: [Topic]?, sourcesFolder: String) -> [String: String] {
    var environment = ["COURSE_EXERCISES": sourcesFolder]
    if let topics { environment["COURSE_TOPICS"] = topics.map(\.module).joined(separator: ",") }
    let built = topics ?? Catalog.topics
    if SubjectSchemata.hasMutants(built, mutants: subjectMutants) {
      environment["COURSE_SUBJECTS"] = SubjectSchemata.root(for: sourcesFolder)
      // A folder that cannot be written fails the build that needs it, which then says so.
      try? SubjectSchemata.write(
        for: built, sourcesFolder: sourcesFolder, workspace: workspace, mutants: subjectMutants)
    }
    return environment
  }

  /// Whether a build in `scratch` starts from nothing, and so takes minutes rather than seconds.
  func isCold(scratch: String) -> Bool {
    !FileManager.default.fileExists(atPath: workspace.url(scratch).appendingPathComponent("debug").path)
  }

  /// The command line and the environment of the build of `topics` from `sourcesFolder` in `scratch`:
  /// one place, so that a background build (``BackgroundBuild``) builds exactly what a check will.
  func buildCommand(topics: [Topic]?, sourcesFolder: String, scratch: String, sanitized: Bool = false) -> (
    arguments: [String], environment: [String: String]
  ) {
    (
      ["swift", "build", "--build-tests"] + (sanitized ? ["--sanitize=thread"] : []) + ["--scratch-path", scratch],
      environment(topics: topics, sourcesFolder: sourcesFolder).merging(
        ["COURSE_MUTANT_FILE": workspace.url(scratch).appendingPathComponent(Self.mutantFileName).path]
      ) { _, new in new }
    )
  }

  func build(
    topics: [Topic]?, sourcesFolder: String, scratch: String, sanitized: Bool = false, status: LiveStatus? = nil
  ) throws
    -> BuildOutcome
  {
    // A build the overview left running in the background is stopped first: this one reuses what it
    // built, and never competes with it for the build folder or the CPU.
    BackgroundBuild.stop(in: workspace)
    let cold = isCold(scratch: scratch)
    status?.update(cold ? "(a first build: a minute or two)" : "")
    let command = buildCommand(topics: topics, sourcesFolder: sourcesFolder, scratch: scratch, sanitized: sanitized)
    var subprocess = Subprocess(
      arguments: command.arguments, environment: command.environment, directory: workspace.root)
    if let status {
      subprocess.onTick = { output in
        guard let step = LiveStatus.buildStep(in: output) else { return }
        status.update(
          "[\(step.done)/\(step.total)]\(cold ? " (a first build: a minute or two)" : "")",
          fraction: Double(step.done) / Double(max(step.total, 1)))
      }
    }
    let outcome = try subprocess.run(echo: echo)
    status?.finish()
    return BuildOutcome(succeeded: outcome.succeeded, output: outcome.output)
  }

  /// Runs the tests matching `filter`, with `mutants` (exercise id to mutant slug) standing in for the
  /// subjects of topic 7's exercises, and reads what each test did.
  func test(
    filter: String, topics: [Topic]?, sourcesFolder: String, scratch: String, sanitized: Bool = false,
    status: (LiveStatus, total: Int)? = nil, mutants: [String: String] = [:]
  ) throws -> (TestReport, Subprocess.Outcome) {
    let events = FileManager.default.temporaryDirectory.appendingPathComponent(
      "course-events-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: events) }
    BackgroundBuild.stop(in: workspace)
    var subprocess = Subprocess(
      arguments: [
        "swift", "test", "--skip-build", "--scratch-path", scratch, "--filter", filter,
      ] + (sanitized ? ["--sanitize=thread"] : []) + [
        "--experimental-event-stream-output", events.path, "--experimental-event-stream-version", "0",
      ],
      environment: environment(topics: topics, sourcesFolder: sourcesFolder).merging(
        ["COURSE_MUTANT_FILE": try mutantFile(scratch: scratch, naming: mutants)]
      ) { _, new in new }, directory: workspace.root,
      timeLimit: timeLimit, progressFile: events)
    subprocess.stallLimit = Self.stallLimit(forFilter: filter)
    func showProgress() {
      guard let (line, total) = status else { return }
      let progress = LiveStatus.testProgress(inEventStream: ProgramOutput.text(ofFile: events.path))
      line.update(progress.detail(exercises: total), fraction: progress.fraction)
    }
    showProgress()
    if status != nil { subprocess.onTick = { _ in showProgress() } }
    let outcome = try subprocess.run()
    // The last count, so that a log's line before the verdict says what was done, not where it started.
    showProgress()
    status?.0.finish()
    let stream = ProgramOutput.text(ofFile: events.path)
    return (TestReport(eventStream: stream), outcome)
  }

  /// How long a test run may go without an event before the watchdog ends it, by how much it runs.
  ///
  /// A busy run with no event is a loop only once the kit's own hang check would have spoken: it
  /// confirms a one-second deadline within 20 s (CourseKit's `HangCheck.hardLimit(for:)`), so a
  /// loop in one exercise's suite is named after 25 s. A run of whole test modules starts hundreds
  /// of tests at once and has gone 11 s with every test busy and none ending, on an idle machine;
  /// CI ended such a run as a loop at 8 s and blamed a dozen wrong answers for it. Those runs wait
  /// a minute.
  static func stallLimit(forFilter filter: String) -> (spinning: Double, idle: Double) {
    filter.contains("^") ? (60, 30) : (25, 15)
  }

  // MARK: Reading the results

  static func verdict(
    for exercise: Exercise, of topic: Topic, report: TestReport, outcome: Subprocess.Outcome, limit: Double,
    raw: Bool = false
  ) -> Verdict {
    let tests = report.tests(inSuite: topic.filter(exercise))
    let unfinished = tests.filter { !$0.ended }
    if let stall = outcome.stall, !unfinished.isEmpty || (tests.isEmpty && !report.runEnded) {
      switch stall {
      case .spinning(let seconds): return .loops(seconds: seconds, running: unfinished.map(\.name))
      case .idle(let seconds): return .timedOut(seconds: seconds, running: unfinished.map(\.name))
      }
    }
    if outcome.timedOut, !unfinished.isEmpty || tests.isEmpty {
      return .timedOut(seconds: Int(limit), running: unfinished.map(\.name))
    }
    if !unfinished.isEmpty {
      return .crashed(crashMessage(in: outcome.output, running: unfinished.map(\.name)))
    }
    if tests.isEmpty {
      if outcome.signal != nil || (!report.runEnded && !outcome.succeeded) {
        return .crashed(crashMessage(in: outcome.output, running: []))
      }
      return .noTests
    }
    let failing = tests.filter { !$0.passed }
    if failing.isEmpty { return .passed }
    let issues = failing.flatMap(\.issues)
    if failing.count == tests.count, !issues.isEmpty, issues.allSatisfy({ $0.contains("is not started yet") }) {
      // A stub of topic 7 throws its marker, which Swift Testing reports as a caught error.
      return .notStarted(issues[0].hasPrefix("Caught error: ") ? String(issues[0].dropFirst(14)) : issues[0])
    }
    // In source order, the suite's own file before its companions (generated data); the cases of one
    // parameterized test by their arguments, so that the same code gets the same first sentence
    // whichever case ended first.
    let ordered = failing.enumerated().sorted {
      let (left, right) = ($0.element, $1.element)
      return (left.isInCompanionFile ? 1 : 0, left.line, left.name, $0.offset)
        < (right.isInCompanionFile ? 1 : 0, right.line, right.name, $1.offset)
    }
    // A sentence names its anti-pattern by a tag at its end, `[done-only]`: the verdict keeps the id
    // and shows the words.
    let known = Set((exercise.antiPatterns + AntiPattern.kit).map(\.id))
    // The lesson's words; Swift Testing's own lines (`Expectation failed: (x → 1) == 2`) only when asked
    // for, and a check that failed with no sentence says where its report is.
    let wordsOf = { (test: TestReport.TestResult) -> [String] in
      zip(test.issues, test.rawIssues).map { words, whole in
        raw ? whole : words.isEmpty ? Self.noSentence(exercise) : words
      }
    }
    return .failing(
      folded(
        ordered.map { test in
          Verdict.Failure(
            test: test.element.name, messages: wordsOf(test.element).map { AntiPattern.untagged($0, known: known) },
            antiPatterns: test.element.rawIssues.flatMap { AntiPattern.tags(in: $0, known: known) })
        }, consequences: AntiPattern.consequences(in: exercise.antiPatterns)))
  }

  /// What a failure without a sentence of the lesson says: where Swift Testing's own report of it is.
  static func noSentence(_ exercise: Exercise) -> String {
    "A check failed without a sentence of the lesson; `swift run course check \(exercise.id) --verbose` shows Swift Testing's own report of it."
  }

  /// The failures with each consequence folded under its cause.
  ///
  /// A failure is a consequence in two ways. Its sentence can say so, naming the test that
  /// explains it: `… which "Every part of the screen loads" explains`, or one of several tests:
  /// `… which "A burst of 100" or "A late consumer" explains`. Or the catalog can: when every
  /// anti-pattern its sentence names is one that an anti-pattern of another failing test implies
  /// (`consequences`, from ``AntiPattern/consequences(in:)``). A consequence is not shown as a
  /// mistake of its own: its cause ends with "And because of that, 2 more checks fail", naming
  /// them. When no test a clause names failed, the clause names no cause that is true of this
  /// code, so it is left out and the rest of the sentence stands alone.
  static func folded(
    _ failures: [Verdict.Failure], consequences implied: [String: Set<String>] = [:]
  ) -> [Verdict.Failure] {
    // A sentence may name a test by the start of its name ("Every part of the screen loads").
    func failingTest(named name: String, otherThan own: String) -> String? {
      failures.first { $0.test.hasPrefix(name) && $0.test != own }?.test
    }
    func namedCause(of failure: Verdict.Failure) -> String? {
      let named = failure.messages.map { message in explainers(in: message)?.names }
      guard let first = named.first, let names = first, named.allSatisfy({ $0 == names }) else { return nil }
      return names.lazy.compactMap { failingTest(named: $0, otherThan: failure.test) }.first
    }
    func impliedCause(of failure: Verdict.Failure) -> String? {
      let ids = Set(failure.antiPatterns ?? [])
      guard !ids.isEmpty else { return nil }
      return failures.first { other in
        other.test != failure.test
          && (other.antiPatterns ?? []).contains { ids.isSubset(of: implied[$0] ?? []) }
      }?.test
    }
    var parent: [String: String] = [:]
    for failure in failures {
      parent[failure.test] = namedCause(of: failure) ?? impliedCause(of: failure)
    }
    // The cause a consequence is shown under: the end of its chain, or itself when the chain loops.
    func root(of test: String) -> String {
      var seen: Set<String> = [test]
      var current = test
      while let next = parent[current] {
        guard seen.insert(next).inserted else { return test }
        current = next
      }
      return current
    }
    var consequences: [String: [String]] = [:]
    var causes: [Verdict.Failure] = []
    for failure in failures {
      let cause = root(of: failure.test)
      if cause != failure.test {
        consequences[cause, default: []].append(failure.test)
      } else {
        var failure = failure
        failure.messages = failure.messages.map(withoutExplainers)
        causes.append(failure)
      }
    }
    return causes.map { failure in
      guard let following = consequences[failure.test] else { return failure }
      var failure = failure
      let count = following.count == 1 ? "1 more check fails" : "\(following.count) more checks fail"
      failure.messages.append(
        "And because of that, \(count): \(following.map { "\"\($0)\"" }.joined(separator: ", ")).")
      return failure
    }
  }

  /// The tests a sentence names as its possible causes, and the range of its `, which "…" explains` clause.
  static func explainers(in message: String) -> (names: [String], clause: Range<String.Index>)? {
    guard let which = message.range(of: "which \""),
      let close = message.range(of: "\" explains", range: which.upperBound..<message.endIndex)
    else { return nil }
    let names = message[which.upperBound..<close.lowerBound].components(separatedBy: "\" or \"")
    var start = which.lowerBound
    while start > message.startIndex, [" ", ","].contains(message[message.index(before: start)]) {
      start = message.index(before: start)
    }
    return (names, start..<close.upperBound)
  }

  /// `message` without its `, which "…" explains` clause, for when none of the tests it names failed.
  static func withoutExplainers(_ message: String) -> String {
    guard let (_, clause) = explainers(in: message) else { return message }
    return message.replacingCharacters(in: clause, with: "")
  }

  static func crashMessage(in output: String, running: [String]) -> String {
    var message = RuntimeCrash.message(in: output) ?? "the process died and the runtime gave no reason"
    if message.contains("more than once") {
      message = "a continuation was resumed twice. " + message
    }
    if !running.isEmpty { message += " (while running: \(running.joined(separator: ", ")))" }
    return message
  }

  /// The compiler's errors, as `path:line:column: error: message` lines, in order, without repeats.
  static func compileErrors(in output: String) -> [String] {
    var seen: Set<String> = []
    return output.split(separator: "\n").map(String.init).filter { line in
      line.contains(": error: ") && seen.insert(line).inserted
    }
  }

  /// The exercises of `topic` whose own file (or suite) has a compile error, with that error.
  func brokenExercises(of topic: Topic, errors: [String]) -> [String: String] {
    var broken: [String: String] = [:]
    for exercise in topic.exercises {
      let own = errors.first { error in
        error.contains("/\(exercise.fileName):") || error.contains("/\(exercise.suiteName).swift:")
      }
      if let own { broken[exercise.id] = workspace.relative(own) }
    }
    return broken
  }
}
