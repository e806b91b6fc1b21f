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
    var fates: [(SolutionMutant, Fate)] = []
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

  /// The exercises whose solutions are mutated: every one but topic 7's, whose solutions are tests (its
  /// subjects have mutants of their own), and topic 8's, which the compiler grades first and whose
  /// mistakes are annotations and declarations, not code a run-time switch can choose between.
  func exercises() -> [(Topic, Exercise)] {
    topics.flatMap { topic in
      topic.exercises.filter { exercise in
        !topic.learnerWritesTests && exercise.swift6 == nil && (exerciseIDs?.contains(exercise.id) ?? true)
      }.map { (topic, $0) }
    }
  }

  func run() throws -> [Score] {
    let chosen = exercises()
    var scores: [Score] = chosen.map { topic, exercise in
      Score(
        topic: topic, exercise: exercise,
        solution: SwiftCodeLines(workspace.read(topic.solutionPath(exercise)) ?? "").text)
    }
    var all: [[SolutionMutant]] = scores.map { MutationOperator.mutants(of: $0.solution.joined(separator: "\n")) }
    var stillborn: [[Int: String]] = Array(repeating: [:], count: scores.count)
    let involved = topics.filter { topic in chosen.contains { $0.0 == topic } }
    let checker = Checker(workspace: workspace, mode: .solutions, timeLimit: timeLimit)
    log("mutants: \(all.map(\.count).reduce(0, +)) made of \(scores.count) solutions; building their schemata")

    // Build, dropping the mutants the compiler rejects, until the schemata build. SwiftPM stops at the first
    // module that fails, so each topic's exercise module is built alone first, as long as that drops some
    // mutants; then the whole, tests included, until it builds.
    var schemata: [MutationSchema] = []
    func writeSchemata() throws {
      schemata = scores.indices.map { index in
        MutationSchema(
          solution: scores[index].solution.joined(separator: "\n"), exerciseID: scores[index].exercise.id,
          mutants: all[index].filter { stillborn[index][$0.number] == nil })
      }
      try writeScratch(of: involved, schemata: Dictionary(uniqueKeysWithValues: zip(chosen.map(\.1.id), schemata)))
    }
    // Drops the mutants that `output`'s errors blame, and says how many, with the errors no mutant explains.
    //
    // An error in a mutant's case is that mutant's. An error on a function's shared lines is blamed on all
    // its mutants only when none of its cases has an error of its own: one bad case can make the compiler
    // read the `switch` as a statement and report a missing `return` at the end, which goes once it is gone.
    func blame(_ output: String) -> (blamed: Int, unexplained: [String]) {
      var blamed = 0
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
      for index in Set(specific.keys).union(shared.keys) {
        let own = specific[index] ?? [:]
        // A file with an error in some case leaves its shared errors to the next build, which no longer has it.
        // An error on shared lines alone (a function's end reached without a `return`) can only come of a
        // mutant that changes where control goes: those are blamed first, the others only if it stays.
        var blamedHere = own
        if own.isEmpty {
          let sharedHere = shared[index] ?? [:]
          let flow = sharedHere.filter { number, _ in
            all[index].first { $0.number == number }.map { Self.changesControlFlow($0) } ?? false
          }
          blamedHere = flow.isEmpty ? sharedHere : flow
        }
        for (number, why) in blamedHere where stillborn[index][number] == nil {
          stillborn[index][number] = why
          blamed += 1
        }
      }
      return (blamed, unexplained)
    }
    let start = Date()
    var builds = 0
    for topic in involved {
      while true {
        try writeSchemata()
        var command = checker.buildCommand(
          topics: involved, sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
        command.arguments.removeAll { $0 == "--build-tests" }
        command.arguments += ["--target", topic.module]
        builds += 1
        let build = try Subprocess(
          arguments: command.arguments, environment: command.environment, directory: workspace.root
        ).run()
        if build.succeeded || blame(build.output).blamed == 0 { break }
      }
    }
    while true {
      try writeSchemata()
      builds += 1
      let build = try checker.build(
        topics: involved, sourcesFolder: WrongAnswerProof.sourcesFolder, scratch: WrongAnswerProof.scratch)
      if build.succeeded { break }
      let (blamed, unexplained) = blame(build.output)
      if blamed == 0 {
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
        for (index, mutant, fate) in results {
          if let fate { fates[index][mutant.number] = fate } else { again.append((index, mutant)) }
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
  ) throws -> [(Int, SolutionMutant, Fate?)] {
    let filter = members.map { index, _ in
      NSRegularExpression.escapedPattern(for: scores[index].topic.filter(scores[index].exercise))
    }.joined(separator: "|")
    let chosen = Dictionary(uniqueKeysWithValues: members.map { (scores[$0.0].exercise.id, String($0.1.number)) })
    let (report, outcome) = try checker.test(
      filter: filter, topics: topics, sourcesFolder: WrongAnswerProof.sourcesFolder,
      scratch: WrongAnswerProof.scratch, mutants: chosen)
    return members.map { index, mutant in
      let tests = report.tests(inSuite: scores[index].topic.filter(scores[index].exercise))
      if let failing = tests.first(where: { $0.ended && !$0.passed }) {
        return (index, mutant, .caught("\"\(failing.name)\": \(failing.issues.first ?? "failed")"))
      }
      if tests.isEmpty || tests.contains(where: { !$0.ended }) {
        if members.count == 1 {
          let why = outcome.stall != nil ? "the suite stopped making progress" : "the suite's process ended early"
          return (index, mutant, .caught(why))
        }
        return (index, mutant, nil)
      }
      return (index, mutant, .survived)
    }
  }

  /// Which schema, and which line of it, a compile error names.
  private func location(of error: String, in chosen: [(Topic, Exercise)]) -> (Int, Int)? {
    for (index, (topic, exercise)) in chosen.enumerated() {
      let marker = "/\(WrongAnswerProof.sourcesFolder)/\(topic.module)/\(exercise.fileName):"
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
          let path = "\(score.topic.module)/\(score.exercise.fileName)"
          lines += patch.text(from: "Solutions/\(path)", to: "mutant \(mutant.number) of \(path)")
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
