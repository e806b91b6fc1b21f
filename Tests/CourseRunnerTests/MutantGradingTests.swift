import CourseAudits
import CourseCatalog
import Foundation
import Testing

@testable import course

/// Topic 7's grading, on the fixture package's exercise 9.9: a learner's suite that tests `double(2)`
/// catches a mutant that is off by one, lets through one that is wrong only for negatives, is
/// crashed by one that traps and hung by one that blocks. Its check runs with the other checks of
/// the fixture package, one at a time, since they share its build folder.
extension VerdictTests {
  static let mutated = Exercise(
    id: "9.9", title: "Mutated", grade: .warmUp, points: 1, name: "Ex9_9_Mutated", lessonAnchor: "x", hints: ["h"],
    mutants: [
      Mutant("off-by-one", does: "adds one", catchIt: "Expect `double(2) == 4`."),
      Mutant("negatives", does: "is wrong for negative numbers", catchIt: "Expect `double(-2) == -4`."),
      Mutant("traps", does: "traps", catchIt: "Call it in a child process."),
      Mutant("hangs", does: "never returns", catchIt: "Call it under a deadline."),
    ])
  static let mutatedTopic = Topic(
    number: 9, module: "Mutated", title: "Mutated", lessonFile: "none.md", exercises: [mutated],
    learnerWritesTests: true)

  @Test("Each mutant gets its verdict: caught, survives, crashes the run, hangs the run")
  func verdicts() async throws {
    let verdicts = try await RunnerFixtures.verdicts(of: [(Self.mutatedTopic, Self.mutated)])
    guard case .failing(let failures) = verdicts["9.9"] else {
      Issue.record("expected a failing verdict, got \(String(describing: verdicts["9.9"]))")
      return
    }
    #expect(
      failures.map(\.test) == [
        "Survives: an adapter that is wrong for negative numbers",
        "Crashes the run: an adapter that traps",
        "Hangs the run: an adapter that never returns",
      ])
    #expect(
      failures.first?.messages.first
        == "Your tests pass an adapter that is wrong for negative numbers. Expect `double(-2) == -4`.")
    guard failures.count == 3 else { return }
    #expect(
      failures[1].messages.first?.contains("Fatal error: a mutant that traps") == true,
      "\(failures[1].messages.first ?? "no message")")
    #expect(
      failures[2].messages.first?.hasPrefix(
        "Your tests hang against an adapter that never returns: no test of the run made progress") == true)
    #expect(RunnerFixtures.strays().isEmpty, "a test process outlived its check")
  }

}

@Suite("Grading a learner's tests by their mutants")
struct MutantGradingTests {
  @Test("`COURSE_MUTANT` names one mutant per exercise, in a stable order")
  func mutantVariable() {
    #expect(
      Checker.mutantVariable(["7.4": "never-finishes", "7.1": "done-only"]) == "7.1=done-only,7.4=never-finishes")
  }

  @Test("Mutants that survive on one path are folded under the first: one missing test is their cause")
  func foldedByPath() {
    let hangs = Mutant("done-only", on: "the failure path", does: "never resumes", catchIt: "Test the failure path.")
    let swallows = Mutant("swallows", on: "the failure path", does: "returns []", catchIt: "Expect a throw.")
    let wrongError = Mutant("generic", on: "the failure path", does: "throws its own error", catchIt: "Expect it.")
    let cancel = Mutant("cancel", on: "a cancellation", does: "hangs on a cancellation", catchIt: "Cancel it.")
    let failures = Checker.failures(for: [
      (hangs, .survived), (cancel, .survived), (swallows, .survived), (wrongError, .survived),
    ])
    #expect(
      failures.map(\.test) == [
        "Survives: an adapter that never resumes", "Survives: an adapter that hangs on a cancellation",
      ])
    #expect(
      failures.first?.messages.last
        == "On the failure path too, your tests pass 2 more: an adapter that returns []; an adapter that throws its own error."
    )
    // A crash is never folded: it is a mistake of the test, not a path it lacks.
    #expect(Checker.failures(for: [(hangs, .survived), (swallows, .crashed("trap"))]).count == 2)
  }

  @Test("Operator mutants that survive: the first in full, with its rule and line; the rest counted by rule")
  func operatorSurvivors() {
    func change(_ number: Int, breaks: [String]) -> OperatorMutant {
      OperatorMutant(
        number, "remove-statement", line: 40 + number, original: ["continuation.finish()"], replacement: [],
        breaks: breaks, rule: "every message arrives, and then the stream ends;", caughtBy: "The end")
    }
    let handWritten = Mutant("never-finishes", subject: "a stream", does: "never finishes", catchIt: "Read to the end.")
    let ends = Mutant(change(1, breaks: ["never-finishes"]), subject: "a stream", catchIt: "")
    let again = Mutant(change(2, breaks: ["never-finishes"]), subject: "a stream", catchIt: "")
    let other = Mutant(change(3, breaks: ["no-on-termination"]), subject: "a stream", catchIt: "")
    let failures = Checker.failures(for: [
      (handWritten, .survived), (ends, .survived), (again, .survived), (other, .survived), (other, .caught),
    ])
    #expect(
      failures.map(\.test) == [
        "Survives: a stream that never finishes", "Survives: a stream that breaks [never-finishes], changed at line 41",
      ])
    #expect(
      failures.last?.messages == [
        "Your tests pass a stream that breaks the header's rule [never-finishes] (the operator remove-statement changed line 41 of the subject): every message arrives, and then the stream ends.",
        "- continuation.finish()", "+ (removed)",
        "The reference suite catches it in its test \"The end\": write a test of that rule that would fail against this change, as that one does.",
        "Your tests pass 2 more mutants of the operators too: 1 that breaks [never-finishes], 1 that breaks [no-on-termination].",
      ])
    // A hang is named as a hang, operator mutant or not.
    #expect(
      Checker.failures(for: [(ends, .hung(25))]).first?.test
        == "Hangs the run: a stream that has line 41 changed by the operator remove-statement")
  }

  @Test("An operator mutant is traced to the rule whose hand-written mutants the same reference tests catch")
  func traced() {
    let header = """
      // Exercise 9.9 · A fake
      // Grade 1 (warm-up) · Lesson: Docs/none.md#fake
      // Check it: swift run course check 9.9
      //
      // Prove that:
      // - every message arrives, in order; [out-of-order]
      // - a socket that breaks throws its error; [error-swallowed]
      // - a failed load calls `handleApiError(error:)`. [other-error]
      """
    let rules = HeaderRule.rules(in: header)
    let handWritten = [
      "out-of-order": ["In order"], "error-swallowed": ["Its error", "In order"], "other-error": ["Its error"],
    ]
    #expect(MutantProof.trace(failing: ["In order"], handWritten: handWritten, rules: rules)?.ids == ["out-of-order"])
    // Two rules proved by the same one test: the one that names the changed line's words wins.
    #expect(
      MutantProof.trace(
        failing: ["Its error"], handWritten: handWritten, rules: rules,
        changed: ["view?.handleApiError(error: error)"])?.ids == ["other-error"])
    #expect(MutantProof.trace(failing: ["Nothing else"], handWritten: handWritten, rules: rules) == nil)
  }

  @Test("A teammate's right test must stay, and must still catch its mutant")
  func keptTests() {
    let mutant = Mutant(
      "drops-password", does: "drops the password", catchIt: "Check the calls.", keptTest: "passesCredentials()")
    #expect(
      Checker.failure(for: .keptTestMissing("passesCredentials()"), of: mutant)?.messages.first
        == "Keep the teammate's test `passesCredentials()`: it is right, and it is what catches an adapter that drops the password. Fix the suite around it."
    )
    #expect(Checker.failure(for: .caught, of: mutant) == nil)
  }
}

/// A rule about the learner's own tests, read from their file by the check of a topic-7 exercise.
@Suite("A topic-7 suite that breaks a rule about the tests themselves is told so first")
struct SuiteRuleVerdictTests {
  @Test("The learner's file is read without comments, and a broken rule becomes a failure with its id")
  func ruleFailures() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("suite-rule-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let folder = root.appendingPathComponent("Learner/Mutated")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let rule = SuiteRule(forbidding: "LegacyThing.shared", "Your tests use the singleton. [touches-singleton]")
    let exercise = Exercise(
      id: "9.9", title: "Mutated", grade: .warmUp, points: 1, name: "Ex9_9_Mutated", lessonAnchor: "x", hints: ["h"],
      suiteRules: [rule], antiPatterns: [AntiPattern(id: "touches-singleton", unlisted: "The singleton")])
    let checker = Checker(workspace: Workspace(root: root), mode: .exercises, timeLimit: 60)
    let file = folder.appendingPathComponent(exercise.fileName)

    try "// not LegacyThing.shared\nlet stub = Stub()\n".write(to: file, atomically: true, encoding: .utf8)
    #expect(checker.ruleFailures(of: exercise, in: VerdictTests.mutatedTopic, sourcesFolder: "Learner").isEmpty)

    try "let thing = LegacyThing.shared\n".write(to: file, atomically: true, encoding: .utf8)
    let failures = checker.ruleFailures(of: exercise, in: VerdictTests.mutatedTopic, sourcesFolder: "Learner")
    #expect(failures.map(\.messages) == [["Your tests use the singleton."]], "the words, without the tag")
    #expect(failures.map(\.antiPatterns) == [["touches-singleton"]], "and the id kept")
  }

  @Test("A teammate's test kept by name but edited is changed; spacing and comments are not edits")
  func keptTestEdited() {
    let shipped = """
      @Test("kept") func kept() async {
        #expect(login() == "ada")  // right as it is
      }
      @Test("other") func other() {}
      """
    let reformatted = """
      // The teammate's test, untouched but for spacing and a note.
      @Test("kept")
      func kept() async {
        // still right
        #expect( login() == "ada" )
      }
      @Test("other") func other() { #expect(true) }
      """
    #expect(Checker.changedKeptTests(["kept()"], in: reformatted, shipped: shipped).isEmpty)
    let edited = shipped.replacingOccurrences(
      of: "#expect(login() == \"ada\")", with: "#expect(login() == \"ada\")\n  #expect(calls == 1)")
    let failures = Checker.changedKeptTests(["kept()"], in: edited, shipped: shipped)
    #expect(failures.map(\.test) == ["The teammate's test `kept()` was changed"])
    #expect(failures.map(\.antiPatterns) == [["kept-test-weakened"]])
    // Gone is not "changed": the grading says that one in words of its own.
    #expect(Checker.changedKeptTests(["kept()"], in: "@Test func other() {}", shipped: shipped).isEmpty)
  }
}
