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
    #expect(failures[1].messages.first?.contains("Fatal error: a mutant that traps") == true)
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
