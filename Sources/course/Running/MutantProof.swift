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
      try writeScratch(of: involved, schemata: Dictionary(uniqueKeysWithValues: zip(chosen.map(\.1.id), schemata)))
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
        command.arguments += ["--target", topic.module]
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
