import CourseAudits
import CourseCatalog
import Foundation

/// Proves the suites against the solutions broken on purpose: every mutant the operators make of a
/// solution must fail its exercise's suite, or be listed in the catalog as equivalent.
///
/// Each exercise's solution becomes a ``MutationSchema``: one build holds every mutant of a topic. A
/// mutant that does not compile is dropped (the compiler caught it, no suite needs to) and the topic
/// built again. Then each round runs the suites of several exercises, each with one of its mutants
/// chosen through `COURSE_MUTANT_FILE`, never two exercises where one builds on the other. A suite
/// that fails kills its mutant; one that passes lets it survive; a run that ends before a suite does
/// (a crash, a hang the kit could not stop) is run again with that exercise alone.
struct MutantProof {
  /// What became of one mutant.
  enum Fate: Equatable {
    case caught(String)
    case survived
    case stillborn(String)
    case equivalent(String)
  }

  /// What the proof found out about one exercise.
  struct Score {
    var topic: Topic
    var exercise: Exercise
    var solution: [String]
    /// For topic 7, whose learners write the tests: the subject mutated, relative to the root; the
    /// reference suite (the solution) is what must catch its mutants.
    var subjectPath: String? = nil
    var fates: [(SolutionMutant, Fate)] = []
    /// The names of the tests that failed against each mutant, by its number, the first first.
    var failingTests: [Int: [String]] = [:]
    /// For topic 7: the names of the reference suite's tests that fail against each hand-written mutant.
    var handWritten: [String: [String]] = [:]
    /// Entries of the catalog's list of equivalents that match no mutant, or whose mutant was caught.
    var staleEquivalents: [String] = []

    var caught: Int { fates.filter { if case .caught = $0.1 { true } else { false } }.count }
    var survivors: [SolutionMutant] { fates.filter { $0.1 == .survived }.map(\.0) }
    var equivalents: Int { fates.filter { if case .equivalent = $0.1 { true } else { false } }.count }
    var stillborn: Int { fates.filter { if case .stillborn = $0.1 { true } else { false } }.count }
    /// The mutants that compiled and are not equivalent: what the score counts.
    var counted: Int { caught + survivors.count }
  }

  let workspace: Workspace
  var topics: [Topic]
  var exerciseIDs: Set<String>? = nil
  var timeLimit: Double = 600
  var log: @Sendable (String) -> Void = { line in
    print(line)
    fflush(nil)
  }

  /// The exercises whose code is mutated: every one but topic 8's, which the compiler grades first and
  /// whose mistakes are annotations and declarations, not code a run-time switch can choose between. Of
  /// topic 7, whose solutions are tests, the subject is mutated, and its solution is the suite that must
  /// catch the mutants (``SubjectSchemata``).
  func exercises() -> [(Topic, Exercise)] {
    topics.flatMap { topic in
      topic.exercises.filter { exercise in
        exercise.swift6 == nil && (exerciseIDs?.contains(exercise.id) ?? true)
      }.map { (topic, $0) }
    }
  }

  /// The mutants the operators make of the code `exercise` mutates (its solution, or its subject).
  static func mutants(of text: String, in topic: Topic) -> [SolutionMutant] {
    topic.learnerWritesTests ? MutationOperator.mutants(ofSubject: text) : MutationOperator.mutants(of: text)
  }

  /// The path of the code `exercise` of `topic` mutates, relative to the root.
  func mutatedPath(of exercise: Exercise, in topic: Topic) -> String {
    topic.learnerWritesTests
      ? SubjectSchemata.subjectPath(of: exercise, in: topic, workspace: workspace) ?? topic.solutionPath(exercise)
      : topic.solutionPath(exercise)
  }

  func run() throws -> [Score] {
    let chosen = exercises()
    var scores: [Score] = chosen.map { topic, exercise in
      let path = mutatedPath(of: exercise, in: topic)
      return Score(
        topic: topic, exercise: exercise, solution: SwiftCodeLines(workspace.read(path) ?? "").text,
        subjectPath: topic.learnerWritesTests ? path : nil)
    }
    var all: [[SolutionMutant]] = scores.map {
      Self.mutants(of: $0.solution.joined(separator: "\n"), in: $0.topic)
    }
    var stillborn: [[Int: String]] = Array(repeating: [:], count: scores.count)
    let involved = topics.filter { topic in chosen.contains { $0.0 == topic } }
    var checker = Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit)
    log("mutants: \(all.map(\.count).reduce(0, +)) made of \(scores.count) solutions; building their schemata")

    // Build, dropping the mutants the compiler rejects, until the schemata build. SwiftPM stops at the first
    // module that fails, so each topic's exercise module is built alone first; then the whole, tests included.
    var schemata: [MutationSchema] = []
    // Mutants held out of a file's schema while the compiler's blame of them is worked out (see `judge`).
    var held: [Int: Set<Int>] = [:]
    var pending: [Int: [[Int]]] = [:]
    var testing: [Int: [Int]] = [:]
    func writeSchemata() throws {
      schemata = scores.indices.map { index in
        MutationSchema(
          solution: scores[index].solution.joined(separator: "\n"), exerciseID: scores[index].exercise.id,
          mutants: all[index].filter {
            stillborn[index][$0.number] == nil && !(held[index]?.contains($0.number) ?? false)
          })
      }
      // Topic 7's subjects are written where its build reads them (the checker's environment does it).
      let subjects = scores.indices.filter { scores[$0].subjectPath != nil }
      checker.subjectMutants = Dictionary(
        uniqueKeysWithValues: subjects.map { (scores[$0].exercise.id, schemata[$0].mutants) })
      try writeScratch(
        of: involved,
        schemata: Dictionary(
          uniqueKeysWithValues: scores.indices.filter { scores[$0].subjectPath == nil }.map {
            (scores[$0].exercise.id, schemata[$0])
          }))
    }
    // Reads a build's errors and decides what the next build holds out; says whether anything changed, and
    // which errors no mutant explains.
    //
    // An error in a mutant's case is that mutant's. An error on a function's shared lines (its `switch`, its
    // original body, its end) is no one case's: one case that lets control reach the end of a function that
    // returns a value makes the compiler report a missing `return` there. Only a mutant that changes where
    // control goes can do that, so those are held out, and added back in halves, each half that brings the
    // error back split again, until each culprit stands alone (a few builds of one module, never a guess).
    func judge(_ output: String, succeeded: Bool, files: [Int]) -> (changed: Bool, unexplained: [String]) {
      var changed = false
      var unexplained: [String] = []
      var specific: [Int: [Int: String]] = [:]
      var shared: [Int: [Int: String]] = [:]
      for error in Checker.compileErrors(in: output) {
        guard let (index, line) = location(of: error, in: chosen),
          let culprits = schemata[index].culprits(ofErrorAtLine: line)
        else {
          unexplained.append(error)
          continue
        }
        let why = error.components(separatedBy: ": error: ").last ?? error
        for number in culprits.mutants {
          if culprits.shared {
            shared[index, default: [:]][number] = why
          } else {
            specific[index, default: [:]][number] = why
          }
        }
      }
      func reject(_ number: Int, _ index: Int, _ why: String) {
        guard stillborn[index][number] == nil else { return }
        stillborn[index][number] = why
        changed = true
      }
      for index in files {
        let own = specific[index] ?? [:]
        let sharedHere = shared[index] ?? [:]
        if !own.isEmpty {
          for (number, why) in own { reject(number, index, why) }
          // The group under test is tried again once the file's own errors are gone.
          if let group = testing.removeValue(forKey: index) {
            held[index, default: []].formUnion(group)
            pending[index, default: []].append(group)
          }
        } else if !sharedHere.isEmpty {
          let why = sharedHere.values.first ?? ""
          if let group = testing.removeValue(forKey: index) {
            changed = true
            if group.count == 1 {
              reject(group[0], index, why)
            } else {
              held[index, default: []].formUnion(group)
              pending[index, default: []] += [Array(group[(group.count / 2)...]), Array(group[..<(group.count / 2)])]
            }
          } else if (held[index] ?? []).isEmpty {
            let suspects = all[index].filter { mutant in
              stillborn[index][mutant.number] == nil && sharedHere[mutant.number] != nil
                && Self.changesControlFlow(mutant)
            }.map(\.number)
            if suspects.isEmpty {
              for (number, why) in sharedHere { reject(number, index, why) }
            } else {
              changed = true
              held[index] = Set(suspects)
              if suspects.count > 1 {
                pending[index] = [Array(suspects[(suspects.count / 2)...]), Array(suspects[..<(suspects.count / 2)])]
              } else {
                pending[index] = [suspects]
              }
            }
          } else {
            // Still broken with every suspect held out: the cause is no control-flow mutant.
            for (number, why) in sharedHere { reject(number, index, why) }
          }
        } else if succeeded, testing.removeValue(forKey: index) != nil {
          // The group came back and the module built: its mutants compile. (A failed build may not have
          // compiled this file at all, so it clears nothing.)
          changed = true
        }
        if testing[index] == nil, var groups = pending[index], let group = groups.popLast() {
          pending[index] = groups
          held[index]?.subtract(group)
          testing[index] = group
          changed = true
        }
      }
      return (changed, unexplained)
    }
    let start = Date()
    var builds = 0
    for topic in involved {
      let files = chosen.indices.filter { chosen[$0].0 == topic }
      while true {
        try writeSchemata()
        var command = checker.buildCommand(
          topics: involved, sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
        command.arguments.removeAll { $0 == "--build-tests" }
        command.arguments += ["--target", topic.learnerWritesTests ? topic.module + "Subjects" : topic.module]
        builds += 1
        let build = try Subprocess(
          arguments: command.arguments, environment: command.environment, directory: workspace.root
        ).run()
        let (changed, _) = judge(build.output, succeeded: build.succeeded, files: files)
        let busy = files.contains { testing[$0] != nil || !(pending[$0] ?? []).isEmpty }
        if (build.succeeded && !busy) || !changed { break }
      }
    }
    while true {
      try writeSchemata()
      builds += 1
      let build = try checker.build(
        topics: involved, sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
      let (changed, unexplained) = judge(
        build.output, succeeded: build.succeeded, files: Array(chosen.indices))
      let busy = chosen.indices.contains { testing[$0] != nil || !(pending[$0] ?? []).isEmpty }
      if build.succeeded && !busy { break }
      if !build.succeeded && !changed {
        throw CourseError.proofFailed(
          "the mutants' schemata do not build, and no mutant is to blame: "
            + workspace.relative(unexplained.first ?? build.output.suffix(2000).description))
      }
    }
    let rejected = stillborn.map(\.count).reduce(0, +)
    log("  \(builds) builds in \(Int(Date().timeIntervalSince(start))) s; the compiler rejected \(rejected) mutants")
    for index in scores.indices {
      for mutant in all[index] {
        if let why = stillborn[index][mutant.number] { scores[index].fates.append((mutant, .stillborn(why))) }
      }
      all[index].removeAll { stillborn[index][$0.number] != nil }
    }

    // Rounds: the n-th live mutant of each exercise in a lane, lanes made so that no exercise runs beside
    // one it builds on (a mutant of 6.1 would fail 6.6's suite, and be counted there).
    var lanes: [[Int]] = []
    for index in scores.indices {
      let exercise = scores[index].exercise
      if let lane = lanes.firstIndex(where: { lane in
        lane.allSatisfy { other in
          let o = scores[other].exercise
          return !exercise.buildsOn.contains(o.id) && !o.buildsOn.contains(exercise.id)
        }
      }) {
        lanes[lane].append(index)
      } else {
        lanes.append([index])
      }
    }
    var fates: [[Int: Fate]] = Array(repeating: [:], count: scores.count)
    var again: [(Int, SolutionMutant)] = []
    let totalRounds = lanes.map { lane in lane.map { all[$0].count }.max() ?? 0 }.reduce(0, +)
    var roundNumber = 0
    for lane in lanes {
      let rounds = lane.map { all[$0].count }.max() ?? 0
      for round in 0..<rounds {
        roundNumber += 1
        let members = lane.filter { round < all[$0].count }
        let start = Date()
        let results = try runRound(
          members.map { ($0, all[$0][round]) }, scores: scores, topics: involved, checker: checker)
        for (index, mutant, fate, failing) in results {
          if let fate { fates[index][mutant.number] = fate } else { again.append((index, mutant)) }
          if !failing.isEmpty { scores[index].failingTests[mutant.number] = failing }
        }
        log(
          "  round \(roundNumber) of \(totalRounds) (\(members.count) mutants) took \(Int(Date().timeIntervalSince(start))) s"
        )
      }
    }
    // A run that ended early is repeated with one exercise alone: a crash or a hang there is its mutant's.
    for (index, mutant) in again {
      let results = try runRound([(index, mutant)], scores: scores, topics: involved, checker: checker)
      fates[index][mutant.number] = results.first?.2 ?? .caught("the suite crashed or hung")
      if let failing = results.first?.3, !failing.isEmpty { scores[index].failingTests[mutant.number] = failing }
    }
    // Topic 7: which tests of the reference suite catch each hand-written mutant, so that each operator
    // mutant can be traced to the header rule whose mutants the same tests catch.
    let subjects = scores.indices.filter { scores[$0].subjectPath != nil }
    let handRounds = subjects.map { scores[$0].exercise.mutants.count }.max() ?? 0
    for round in 0..<handRounds {
      let members = subjects.filter { scores[$0].exercise.mutants.count > round }
      let filter = members.map {
        NSRegularExpression.escapedPattern(for: scores[$0].topic.filter(scores[$0].exercise))
      }.joined(separator: "|")
      let (report, _) = try checker.test(
        filter: filter, topics: involved, sourcesFolder: WrongAnswerProof.sourcesFolder,
        scratch: WrongAnswerProof.scratch,
        mutants: Dictionary(
          uniqueKeysWithValues: members.map { (scores[$0].exercise.id, scores[$0].exercise.mutants[round].slug) }))
      log("  the reference suites against hand-written mutant \(round + 1) of \(handRounds)")
      for index in members {
        let failing = report.tests(inSuite: scores[index].topic.filter(scores[index].exercise))
          .filter { $0.ended && !$0.passed }.sorted(by: Self.inSourceOrder).map(\.name)
        scores[index].handWritten[scores[index].exercise.mutants[round].slug] = failing
      }
    }

    for index in scores.indices {
      let listed = Catalog.equivalentMutants[scores[index].exercise.id] ?? []
      var used: Set<Int> = []
      for mutant in all[index] {
        var fate = fates[index][mutant.number] ?? .survived
        if let entry = listed.firstIndex(where: { Self.matches($0, mutant) }) {
          used.insert(entry)
          if fate == .survived {
            fate = .equivalent(listed[entry].because)
          } else {
            scores[index].staleEquivalents.append(
              "listed as equivalent, but its suite catches it: \(mutant.summary)")
          }
        }
        scores[index].fates.append((mutant, fate))
      }
      for (position, entry) in listed.enumerated() where !used.contains(position) {
        scores[index].staleEquivalents.append(
          "listed as equivalent, but no mutant matches: \(entry.operation) on `\(entry.line)`")
      }
      scores[index].fates.sort { $0.0.number < $1.0.number }
    }
    return scores
  }

  /// Whether `mutant` may change which paths reach a function's end: a removed statement, a condition or a
  /// loop's `true` changed. Only such a mutant can leave a function that returns a value without a `return`.
  static func changesControlFlow(_ mutant: SolutionMutant) -> Bool {
    switch mutant.operation {
    case .removeStatement, .negateCondition, .alwaysBranch: true
    case .flipBoolean, .flipComparison, .flipLogic:
      mutant.original.contains { line in
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return ["if ", "guard ", "while ", "} else if "].contains { trimmed.hasPrefix($0) }
      }
    default: false
    }
  }

  /// Whether `entry` of the catalog's list names `mutant`.
  static func matches(_ entry: EquivalentMutant, _ mutant: SolutionMutant) -> Bool {
    let first = mutant.original.first?.trimmingCharacters(in: .whitespaces) ?? ""
    let becomes = mutant.replacement.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    return entry.operation == mutant.operation.rawValue && entry.line == first
      && (entry.becomes == nil || entry.becomes == becomes)
  }

  /// Runs one mutant of each of `members`' exercises in one test run and judges each: `nil` when the run
  /// ended before its suite did.
  private func runRound(
    _ members: [(Int, SolutionMutant)], scores: [Score], topics: [Topic], checker: Checker
  ) throws -> [(Int, SolutionMutant, Fate?, [String])] {
    let filter = members.map { index, _ in
      NSRegularExpression.escapedPattern(for: scores[index].topic.filter(scores[index].exercise))
    }.joined(separator: "|")
    let chosen = Dictionary(uniqueKeysWithValues: members.map { (scores[$0.0].exercise.id, String($0.1.number)) })
    let (report, outcome) = try checker.test(
      filter: filter, topics: topics, sourcesFolder: WrongAnswerProof.sourcesFolder,
      scratch: WrongAnswerProof.scratch, mutants: chosen)
    return members.map { index, mutant in
      let tests = report.tests(inSuite: scores[index].topic.filter(scores[index].exercise))
      // In the suite's order, not the order they ended in: the trace and the test a verdict names must be
      // the same on every run.
      let failingNames = tests.filter { $0.ended && !$0.passed }.sorted(by: Self.inSourceOrder).map(\.name)
      if let failing = tests.first(where: { $0.ended && !$0.passed }) {
        return (index, mutant, .caught("\"\(failing.name)\": \(failing.issues.first ?? "failed")"), failingNames)
      }
      if tests.isEmpty || tests.contains(where: { !$0.ended }) {
        if members.count == 1 {
          let why = outcome.stall != nil ? "the suite stopped making progress" : "the suite's process ended early"
          // A hang is caught by the suite's deadline; a test that never ended names what it waited on.
          return (index, mutant, .caught(why), tests.filter { !$0.ended }.sorted(by: Self.inSourceOrder).map(\.name))
        }
        return (index, mutant, nil, [])
      }
      return (index, mutant, .survived, [])
    }
  }

  /// Which schema, and which line of it, a compile error names.
  private func location(of error: String, in chosen: [(Topic, Exercise)]) -> (Int, Int)? {
    for (index, (topic, exercise)) in chosen.enumerated() {
      let subject = topic.learnerWritesTests ? mutatedPath(of: exercise, in: topic) : nil
      let marker =
        subject.map {
          "/\(SubjectSchemata.root(for: WrongAnswerProof.sourcesFolder))/\(topic.module)Subjects/\(URL(fileURLWithPath: $0).lastPathComponent):"
        } ?? "/\(WrongAnswerProof.sourcesFolder)/\(topic.module)/\(exercise.fileName):"
      guard let range = error.range(of: marker) else { continue }
      let line = error[range.upperBound...].prefix { $0.isNumber }
      return Int(line).map { (index, $0) }
    }
    return nil
  }

  /// Writes every solution of `topics`, the mutated ones as their schemata, where the wrong answers' proof
  /// builds: the two share a build folder, so each rebuilds only what differs.
  private func writeScratch(of topics: [Topic], schemata: [String: MutationSchema]) throws {
    for topic in topics {
      let folder = workspace.url("\(WrongAnswerProof.sourcesFolder)/\(topic.module)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let existing = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      let wanted = Set(topic.exercises.map(\.fileName))
      for stale in existing where !wanted.contains(stale) {
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(stale))
      }
      for exercise in topic.exercises {
        let contents = schemata[exercise.id]?.source ?? workspace.read(topic.solutionPath(exercise)) ?? ""
        let file = folder.appendingPathComponent(exercise.fileName)
        if (try? String(contentsOf: file, encoding: .utf8)) != contents {
          try contents.write(to: file, atomically: true, encoding: .utf8)
        }
      }
    }
  }

  /// The report: a line per exercise with its score, each survivor with what it did and its patch.
  static func report(_ scores: [Score], patches: Bool = true, rejected: Bool = false) -> String {
    var lines: [String] = []
    for score in scores {
      let counted = score.counted
      let percent = counted == 0 ? 100 : Int((Double(score.caught) / Double(counted) * 100).rounded(.down))
      let mark = score.survivors.isEmpty && score.staleEquivalents.isEmpty ? "✓" : "✗"
      lines.append(
        "  \(mark) \(score.exercise.id): \(score.caught) of \(counted) mutants caught (\(percent)%)"
          + ", \(score.equivalents) equivalent, \(score.stillborn) rejected by the compiler")
      for mutant in score.survivors {
        lines.append("      survives: \(mutant.summary); the suite \(score.exercise.suiteName) passed it")
        if patches {
          let patch = LinePatch(
            from: score.solution.joined(separator: "\n") + "\n",
            to: mutant.applied(to: score.solution).joined(separator: "\n") + "\n")
          let path = score.subjectPath ?? "Solutions/\(score.topic.module)/\(score.exercise.fileName)"
          lines += patch.text(from: path, to: "mutant \(mutant.number) of \(path)")
            .split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }
        }
      }
      for stale in score.staleEquivalents { lines.append("      \(stale)") }
      for (mutant, fate) in score.fates where rejected {
        if case .stillborn(let why) = fate { lines.append("      rejected: \(mutant.summary): \(why)") }
      }
    }
    return lines.joined(separator: "\n")
  }
}

extension MutantProof {
  /// Whether `a` comes before `b` in their suite's source: by line, then by name.
  static func inSourceOrder(_ a: TestReport.TestResult, _ b: TestReport.TestResult) -> Bool {
    (a.line, a.name) < (b.line, b.name)
  }

  /// What a learner's check grades by, of the live mutants of topic 7's subjects, one line each: which
  /// were made, rejected and kept, and what each changes. The trace to a rule and the catching test are
  /// left out: they describe a mutant, and a run that orders its tests otherwise must not call the
  /// catalog stale.
  static func gradedShape(_ catalog: [String: SubjectMutants]) -> [String] {
    catalog.sorted { $0.key < $1.key }.flatMap { id, found in
      ["\(id): \(found.made) made, rejected \(found.stillborn)"]
        + found.live.map { "\(id) #\($0.number) \($0.operation) at \($0.line): \($0.original) -> \($0.replacement)" }
    }
  }

  /// The header rule of `rules` that an operator mutant of a subject breaks, traced through the reference
  /// suite: the tests that fail against it (`failing`) and those that fail against each hand-written mutant
  /// (`handWritten`, by slug), whose slugs are the ids of the rules they break. The rule of the hand-written
  /// mutant whose failing tests are most like the operator mutant's (the share of the tests either fails
  /// that both fail) is the one. On a tie (one test may prove several rules), the rule that names most of
  /// the words of the `changed` lines wins (`handleApiError`, `refresh`), then the header's first; `nil`
  /// when no test it fails catches a hand-written mutant.
  static func trace(failing: [String], handWritten: [String: [String]], rules: [HeaderRule], changed: [String] = [])
    -> HeaderRule?
  {
    let ours = Set(failing)
    func words(_ text: String) -> Set<String> {
      Set(text.split { !$0.isLetter }.map { $0.lowercased() }.filter { $0.count >= 4 })
    }
    let changedWords = words(changed.joined(separator: " "))
    func affinity(_ rule: HeaderRule) -> Int { words(rule.text).intersection(changedWords).count }
    func likeness(_ id: String) -> Double {
      let theirs = Set(handWritten[id] ?? [])
      let union = theirs.union(ours)
      return union.isEmpty ? 0 : Double(theirs.intersection(ours).count) / Double(union.count)
    }
    // The bullets are the rules a learner proves; the prose above them describes the subject, and is read
    // only when no bullet's mutants are caught by these tests.
    for candidates in [rules.filter(\.isBullet), rules.filter { !$0.isBullet }] {
      var best: (likeness: Double, affinity: Int, rule: HeaderRule)?
      for rule in candidates {
        for id in rule.ids where likeness(id) > 0 {
          let better =
            best.map { best in
              likeness(id) > best.likeness || (likeness(id) == best.likeness && affinity(rule) > best.affinity)
            } ?? true
          if better { best = (likeness(id), affinity(rule), rule) }
        }
      }
      if let best { return best.rule }
    }
    return nil
  }

  /// The catalog's list of live operator mutants, as `Sources/CourseCatalog/Catalog+SubjectMutants.swift`
  /// holds it, from the scores of topic 7's exercises; and the problems that stop it being written (a
  /// survivor, a mutant traced to no rule).
  func subjectCatalog(_ scores: [Score]) -> (source: String, found: [String: SubjectMutants], problems: [String]) {
    var problems: [String] = []
    var found: [String: SubjectMutants] = [:]
    var entries: [String] = []
    func literal(_ text: String) -> String {
      "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
    func list(_ lines: [String]) -> String {
      "[" + lines.map { literal($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: ", ") + "]"
    }
    for score in scores where score.subjectPath != nil {
      let header = (try? workspace.pristineStub(of: score.exercise, in: score.topic)) ?? ""
      let rules = HeaderRule.rules(in: header)
      var live: [String] = []
      for (mutant, fate) in score.fates {
        guard case .caught = fate else {
          if fate == .survived {
            problems.append("\(score.exercise.id): \(mutant.summary) survives its reference suite")
          }
          continue
        }
        let failing = score.failingTests[mutant.number] ?? []
        guard
          let rule = Self.trace(
            failing: failing, handWritten: score.handWritten, rules: rules, changed: mutant.original),
          let caughtBy = failing.first
        else {
          problems.append(
            "\(score.exercise.id): \(mutant.summary) is caught by \(failing.first.map { "\"\($0)\"" } ?? "no test that ended"), which catches no hand-written mutant: no header rule can be named for it"
          )
          continue
        }
        live.append(
          """
                OperatorMutant(
                  \(mutant.number), \(literal(mutant.operation.rawValue)), line: \(mutant.line),
                  original: \(list(mutant.original)),
                  replacement: \(list(mutant.replacement)),
                  breaks: \(list(rule.ids)), rule: \(literal(rule.text)),
                  caughtBy: \(literal(caughtBy))),
          """)
      }
      let stillborn = score.fates.compactMap { mutant, fate in
        if case .stillborn = fate { mutant.number } else { nil }
      }
      found[score.exercise.id] = SubjectMutants(
        made: score.fates.count, stillborn: stillborn,
        live: score.fates.compactMap { mutant, fate in
          guard case .caught = fate else { return nil }
          return OperatorMutant(
            mutant.number, mutant.operation.rawValue, line: mutant.line,
            original: mutant.original.map { $0.trimmingCharacters(in: .whitespaces) },
            replacement: mutant.replacement.map { $0.trimmingCharacters(in: .whitespaces) }, breaks: [], rule: "",
            caughtBy: "")
        })
      entries.append(
        """
            \(literal(score.exercise.id)): SubjectMutants(
              made: \(score.fates.count), stillborn: [\(stillborn.map(String.init).joined(separator: ", "))],
              live: [
        \(live.joined(separator: "\n"))
              ]),
        """)
    }
    let source = """
      // swift-format-ignore-file
      // Written by `swift run course prove --mutants 7 --write`, from the subjects in Tests/ProvingAdaptersSubjects
      // and the reference suites in Solutions/ProvingAdapters: run it again after changing either.

      extension Catalog {
        /// For each exercise of topic 7, the mutants the operators make of its subject (see ``OperatorMutant``).
        public static let subjectMutants: [String: SubjectMutants] = [
      \(entries.joined(separator: "\n"))
        ]
      }

      """
    return (source, found, problems)
  }
}
