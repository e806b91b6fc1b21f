import CourseAudits
import CourseCatalog
import Foundation

/// `course prove`: proves the corpus of wrong answers, or part of it, as `verify` does.
///
/// Maintainers use it while they write a wrong answer or strengthen a suite, and
/// with `--repeat 20` to show that a race-dependent mistake is caught every time.
struct ProveCommand: Command {
  static let info = CommandInfo(
    name: "prove",
    abstract: "Maintainers: prove that every wrong answer in Tests/WrongAnswers fails with its sentence.",
    usage:
      "prove [<exercise>...] [--only <slug>] [--repeat <n>] [--timeout <seconds>] [--rebase] [--mutants [--list] [--rejected] [--write]]",
    discussion: """
      Swaps each wrong answer into a scratch copy in which every other exercise is solved (one build per round),
      runs the suites, and requires that the answer's suite fails with the sentence its header names and that
      every other suite still passes. With exercises (3.4) or a topic (3), proves only their wrong answers.
      Then each right answer in Tests/RightAnswers (topic 7's suites written in other styles) must pass its
      check whole: the correct subject, and every mutant caught.
      Each wrong answer is a patch of its solution; after a solution changed, --rebase makes every patch
      again where its lines stand now, and names each one whose lines are gone, for a person to redo.
      With --mutants, proves the suites instead against every mutant the mutation operators make of the
      solutions (one build per run, each mutant chosen at run time): each must fail its suite or be listed
      in the catalog as equivalent, with its reason; prints the score of each exercise and each survivor's patch.
      Of topic 7, whose learners write the tests, the subjects are mutated and the reference suites must catch
      them; --write then records the live ones, each traced to the header rule it breaks, in the catalog
      (Sources/CourseCatalog/Catalog+SubjectMutants.swift), which a learner's check grades by.
      """,
    options: [
      ("--only <slug>", "Only the wrong answers with this slug (repeatable)."),
      ("--repeat <n>", "Run each round's suites n times; a wrong answer must be caught in every run (default 1)."),
      ("--timeout <seconds>", "How long each test run may take (default 600)."),
      ("--rebase", "Rewrite every wrong answer as a patch of its current solution, proving nothing."),
      ("--mutants", "Prove the suites against the solutions' mutants instead of the wrong answers."),
      ("--list", "With --mutants: print every mutant the operators make, building and proving nothing."),
      ("--rejected", "With --mutants: also print each mutant the compiler rejected, with its error."),
      ("--write", "With --mutants 7: write the live mutants of topic 7's subjects into the catalog."),
    ])

  var keys: [String] = []
  var slugs: Set<String> = []
  var repeats: Int
  var timeout: Double
  var rebase: Bool
  var mutants: Bool
  var list: Bool
  var rejected: Bool
  var write: Bool

  init(_ arguments: inout Arguments) throws {
    rebase = arguments.flag("--rebase")
    mutants = arguments.flag("--mutants")
    list = arguments.flag("--list")
    rejected = arguments.flag("--rejected")
    write = arguments.flag("--write")
    repeats = Int(try arguments.option("--repeat") ?? "1") ?? 1
    timeout = Double(try arguments.option("--timeout") ?? "600") ?? 600
    while let slug = try arguments.option("--only") { slugs.insert(slug) }
    while let key = arguments.positional() { keys.append(key) }
    try arguments.finish(known: [
      "--only", "--repeat", "--timeout", "--rebase", "--mutants", "--list", "--rejected", "--write",
    ])
  }

  func run(_ course: Course) throws -> Int32 {
    if rebase { return Self.rebase(course) }
    var ids: Set<String>?
    if !keys.isEmpty {
      ids = Set(try keys.flatMap { try course.resolve($0).map(\.exercise.id) })
    }
    if mutants, list {
      let proof = MutantProof(workspace: course.workspace, topics: course.topics, exerciseIDs: ids)
      for (topic, exercise) in proof.exercises() {
        let made = MutantProof.mutants(
          of: course.workspace.read(proof.mutatedPath(of: exercise, in: topic)) ?? "", in: topic)
        print("\(exercise.id) (\(made.count) mutants)")
        for mutant in made { print("  \(mutant.number). \(mutant.summary)") }
      }
      return 0
    }
    if mutants {
      return try Self.proveMutants(course, ids: ids, timeout: timeout, rejected: rejected, write: write)
    }
    let proof = WrongAnswerProof(
      workspace: course.workspace, topics: course.topics, exerciseIDs: ids, slugs: slugs.isEmpty ? nil : slugs,
      repeats: max(1, repeats), timeLimit: timeout)
    let start = Date()
    let findings = try proof.run()
    print(Self.table(findings))
    let unproved = findings.filter { $0.problem != nil }
    print(
      "prove: \(findings.count - unproved.count) of \(findings.count) wrong answers caught with their sentence, first in the verdict, in \(Int(Date().timeIntervalSince(start))) s"
    )
    // The right answers of the topics whose learners write the tests: suites in other styles must pass.
    let rights = try RightAnswerProof(
      workspace: course.workspace, topics: course.topics, exerciseIDs: ids, timeLimit: timeout
    ).run()
    for finding in rights {
      print(finding.problem.map { "  ✗ \(finding.file): \($0)" } ?? "  ✓ \(finding.file) passes its check")
    }
    let wrongRights = rights.filter { $0.problem != nil }
    if !rights.isEmpty {
      print("prove: \(rights.count - wrongRights.count) of \(rights.count) right answers pass their check")
    }
    return unproved.isEmpty && wrongRights.isEmpty ? 0 : 1
  }

  /// Proves the suites against the solutions' mutants, and prints each exercise's score and every survivor.
  ///
  /// Of topic 7, the live mutants must also be the catalog's, each traced to a rule: `write` writes them
  /// there; without it, a difference fails the proof, since a learner's check would grade by stale ones.
  static func proveMutants(
    _ course: Course, ids: Set<String>?, timeout: Double, rejected: Bool, write: Bool = false
  ) throws -> Int32 {
    let start = Date()
    let proof = MutantProof(workspace: course.workspace, topics: course.topics, exerciseIDs: ids, timeLimit: timeout)
    let scores = try proof.run()
    print(MutantProof.report(scores, rejected: rejected))
    var catalogProblems: [String] = []
    let subjects = scores.filter { $0.subjectPath != nil }
    if !subjects.isEmpty {
      let catalogPath = "Sources/CourseCatalog/Catalog+SubjectMutants.swift"
      let (source, found, problems) = proof.subjectCatalog(subjects)
      catalogProblems += problems
      let wholeTopic = Set(subjects.map(\.exercise.id)) == Set(subjects[0].topic.exercises.map(\.id))
      if write, problems.isEmpty, wholeTopic {
        try source.write(to: course.workspace.url(catalogPath), atomically: true, encoding: .utf8)
        print("  wrote the live mutants of topic 7's subjects to \(catalogPath): build again to grade by them")
      } else if write {
        catalogProblems.append("nothing written: --write needs every exercise of topic 7, and every mutant traced")
      } else if problems.isEmpty, wholeTopic,
        MutantProof.gradedShape(found) != MutantProof.gradedShape(Catalog.subjectMutants)
      {
        catalogProblems.append(
          "\(catalogPath) is not what this proof found: run `swift run course prove --mutants 7 --write`")
      }
      for problem in catalogProblems { print("  ✗ \(problem)") }
    }
    let caught = scores.map(\.caught).reduce(0, +)
    let counted = scores.map(\.counted).reduce(0, +)
    let failing = scores.filter { !$0.survivors.isEmpty || !$0.staleEquivalents.isEmpty }
    let percent = counted == 0 ? 100 : Int((Double(caught) / Double(counted) * 100).rounded(.down))
    print(
      "prove --mutants: \(caught) of \(counted) mutants caught (\(percent)%) in \(scores.count) exercises, "
        + "\(scores.map(\.equivalents).reduce(0, +)) equivalent, \(scores.map(\.stillborn).reduce(0, +)) rejected by the compiler; "
        + "\(failing.count) exercises with a survivor, in \(Int(Date().timeIntervalSince(start))) s")
    return failing.isEmpty && catalogProblems.isEmpty ? 0 : 1
  }

  /// Rewrites the corpus as patches of the current solutions, and says what moved and what conflicts.
  static func rebase(_ course: Course) -> Int32 {
    let results = course.topics.flatMap { WrongAnswer.rebase($0, root: course.workspace.root) }
    var conflicts: [String] = []
    for (_, result) in results { if case .conflict(let why) = result { conflicts.append(why) } }
    let rewritten = results.filter { $0.rebase == .rewritten }.count
    for conflict in conflicts { print("  ✗ \(conflict)") }
    print(
      "rebase: \(rewritten) of \(results.count) wrong answers written again as patches of their solutions, \(results.count - rewritten - conflicts.count) unchanged, \(conflicts.count) to redo by hand"
    )
    return conflicts.isEmpty ? 0 : 1
  }

  /// One line per wrong answer: caught n of n, or why not.
  static func table(_ findings: [WrongAnswerProof.Finding]) -> String {
    findings.map { finding in
      let score = "\(finding.caught)/\(finding.runs)"
      let name = "\(finding.answer.exerciseID) \(finding.answer.slug)"
      if let problem = finding.problem { return "  ✗ \(name) (\(score)): \(problem)" }
      return "  ✓ \(name) (\(score))"
    }.joined(separator: "\n")
  }
}
