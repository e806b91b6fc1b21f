import CourseAudits
import CourseCatalog
import Foundation
import Scheduling

/// `course verify`: the maintainers' and CI's check of the whole course.
///
/// Every exercise must fail as shipped, each test with exactly one issue (the
/// "not started" report); every solution must pass; and the catalog must agree
/// with the files.
struct VerifyCommand: Command {
  static let info = CommandInfo(
    name: "verify", abstract: "Maintainers: check that every exercise fails as shipped and every solution passes.",
    usage: "verify [--full] [--timeout <seconds>]",
    discussion: """
      Checks the catalog against the files (exercise, solution, suite, lesson anchor, hints, no unlisted file),
      then runs every graded suite against the shipped exercises (each test must fail with only the "not
      started" report) and against the solutions (every test must pass). Exits non-zero with a list of problems.
      With --full it also proves every wrong answer in Tests/WrongAnswers, as `course prove` does: many more
      builds, which CI runs and a room does not need.
      """,
    options: [
      ("--full", "Also prove the corpus of wrong answers, with its sanitizer rounds (as `course prove`)."),
      ("--timeout <seconds>", "How long each test run may take (default 600)."),
    ])

  var timeout: Double
  var full: Bool

  init(_ arguments: inout Arguments) throws {
    timeout = try arguments.number("--timeout", "a number of seconds") ?? 600
    full = arguments.flag("--full")
    try arguments.finish(known: ["--full", "--timeout"])
  }

  func run(_ course: Course) throws -> Int32 {
    var problems: [String] = []
    var passed = 0
    // First what this machine's Swift runtime cannot do: every check it weakens fails, in words.
    if !JobSwapping.isAvailable {
      print(course.style.red("runtime: ") + JobSwapping.unavailableSentence)
      problems.append(JobSwapping.unavailableSentence)
    }
    // The course as shipped, whatever the learner has edited or solved: their files are not read.
    let shipped = try course.workspace.shippedCopy(of: course.topics)
    let audit = CatalogAudit(root: course.workspace.root, shippedExercises: shipped).problems(topics: course.topics)
    if audit.isEmpty { passed += 1 } else { problems += audit }
    print("catalog: \(audit.isEmpty ? "complete" : "\(audit.count) problems")")
    fflush(nil)

    for mode in [Checker.Mode.exercises, .solutions] {
      let (modePassed, modeProblems) = try verify(course, mode: mode, shipped: shipped)
      passed += modePassed
      problems += modeProblems
    }

    if full {
      let proof = try WrongAnswerProof(workspace: course.workspace, topics: course.topics, timeLimit: timeout).run()
      print(ProveCommand.table(proof))
      problems += proof.compactMap { finding in finding.problem.map { "Wrong answer \(finding.answer.path): \($0)" } }
      passed += proof.filter { $0.problem == nil }.count
    }

    print()
    if problems.isEmpty {
      print(course.style.green("The course verifies: every exercise fails as shipped, every solution passes."))
    } else {
      print(course.style.red("Problems:"))
      for problem in problems { print("  - " + problem) }
    }
    print("verify: \(passed) passed, \(problems.count) failed")
    return problems.isEmpty ? 0 : 1
  }

  /// Builds every topic in `mode`, runs all graded suites once, and judges each exercise.
  private func verify(_ course: Course, mode: Checker.Mode, shipped: String) throws -> (
    passed: Int, problems: [String]
  ) {
    let checker = Checker(workspace: course.workspace, mode: mode, timeLimit: timeout)
    let label = mode == .exercises ? "shipped exercises" : "solutions"
    // The shipped exercises are built in the learner's own build folder, so that what verify
    // builds (the package, the kit, every suite) is what the learner's next check reuses: that
    // check then takes seconds. When no exercise has been edited, they are built from
    // `Exercises/` itself, and the next check only links.
    let folder: String
    if mode == .solutions {
      folder = "Solutions"
    } else {
      folder = try Self.unedited(course) ? "Exercises" : shipped
    }
    let scratch = checker.scratchPath
    let build = try checker.build(
      topics: nil, sourcesFolder: folder, scratch: scratch, status: course.liveStatus("\(label): building"))
    guard build.succeeded else {
      let error = Checker.compileErrors(in: build.output).first ?? build.tail
      return (0, ["The \(label) do not compile: \(course.workspace.relative(error))"])
    }
    let filter = course.topics.map { "^\($0.testModule)\\." }.joined(separator: "|")
    let (report, outcome) = try checker.test(
      filter: filter, topics: nil, sourcesFolder: folder, scratch: scratch,
      status: course.liveStatus("\(label): testing", of: course.exercises.count))
    var passed = 0
    var problems: [String] = []
    var toGrade: [Topic: [Exercise]] = [:]
    for (topic, exercise) in course.exercises {
      // Where the learner writes the tests, a suite shipped for review, and every solution, is judged
      // by the mutants it catches: below, once this run has shown that it runs at all.
      let graded = topic.learnerWritesTests && (mode == .solutions || exercise.kind == .review)
      let problem =
        mode == .exercises
        ? (graded ? nil : shippedProblem(exercise, of: topic, report: report, outcome: outcome))
        : solutionProblem(exercise, of: topic, report: report, outcome: outcome)
      if let problem {
        problems.append(problem)
      } else if graded {
        toGrade[topic, default: []].append(exercise)
      } else {
        passed += 1
      }
    }
    for topic in course.topics {
      guard let exercises = toGrade[topic] else { continue }
      print(
        "\(label): \(topic.module), by the mutants its suites catch (\(exercises.count == 1 ? "1 suite" : "\(exercises.count) suites"))"
      )
      fflush(nil)
      let verdicts = try checker.grade(
        exercises, of: topic, sourcesFolder: folder, scratch: scratch, label: "\(label): \(topic.module)")
      for exercise in exercises {
        let verdict = verdicts[exercise.id] ?? .noTests
        switch (mode, verdict) {
        case (.solutions, .passed), (.exercises, .failing):
          passed += 1
        case (.solutions, _):
          problems.append(
            "The solution of \(exercise.id) is not proved by its mutants: \(verdict.explanation.joined(separator: " "))"
          )
        default:
          problems.append(
            "Exercise \(exercise.id) as shipped lets no mutant through, or does not run: \(verdict.explanation.joined(separator: " "))"
          )
        }
      }
    }
    print("\(label): \(passed) of \(course.exercises.count) as expected")
    fflush(nil)
    return (passed, problems)
  }

  /// Whether every exercise file is exactly as shipped.
  private static func unedited(_ course: Course) throws -> Bool {
    try course.exercises.allSatisfy { topic, exercise in
      course.workspace.read(topic.exercisePath(exercise))
        == (try course.workspace.pristineStub(of: exercise, in: topic))
    }
  }

  private func shippedProblem(
    _ exercise: Exercise, of topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> String? {
    let tests = report.tests(inSuite: topic.filter(exercise))
    guard !tests.isEmpty else { return "Exercise \(exercise.id) as shipped: no test ran (\(crashOrTimeout(outcome)))." }
    if let unfinished = tests.first(where: { !$0.ended }) {
      return "Exercise \(exercise.id) as shipped: \"\(unfinished.name)\" did not finish (\(crashOrTimeout(outcome)))."
    }
    if exercise.kind == .review {
      // Code shipped for review must fail in words: at least one test says what is wrong, none says "not started".
      if tests.allSatisfy(\.passed) { return "Exercise \(exercise.id) is already fixed as shipped: every test passes." }
      if let stub = tests.first(where: { $0.issues.contains { $0.contains("is not started yet") } }) {
        return "Exercise \(exercise.id) ships code to review, but \"\(stub.name)\" reports it as not started."
      }
      return nil
    }
    for test in tests {
      if !test.ended {
        return "Exercise \(exercise.id) as shipped: \"\(test.name)\" did not finish (\(crashOrTimeout(outcome)))."
      }
      if test.issues.isEmpty { return "Exercise \(exercise.id) is already solved as shipped: \"\(test.name)\" passes." }
      if test.issues.count > 1 || !test.issues[0].contains("Exercise \(exercise.id) ")
        || !test.issues[0].contains("is not started yet")
      {
        return
          "Exercise \(exercise.id) as shipped: \"\(test.name)\" fails for another reason than \"not started\": \(test.issues.joined(separator: " | "))"
      }
    }
    return nil
  }

  private func solutionProblem(
    _ exercise: Exercise, of topic: Topic, report: TestReport, outcome: Subprocess.Outcome
  ) -> String? {
    let tests = report.tests(inSuite: topic.filter(exercise))
    guard !tests.isEmpty else { return "The solution of \(exercise.id): no test ran (\(crashOrTimeout(outcome)))." }
    let failing = tests.filter { !$0.passed }
    guard let first = failing.first else { return nil }
    let why = first.ended ? first.issues.joined(separator: " | ") : "did not finish (\(crashOrTimeout(outcome)))"
    return "The solution of \(exercise.id) fails \"\(first.name)\": \(why)"
  }

  private func crashOrTimeout(_ outcome: Subprocess.Outcome) -> String {
    if outcome.timedOut { return "timed out after \(Int(timeout)) s" }
    return Checker.crashMessage(in: outcome.output, running: [])
  }
}
