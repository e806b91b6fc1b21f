import CourseKit
import PromiseKitLite
import Testing

@Suite("Deadline: a hang becomes a failure in about a second")
struct DeadlineTests {
  @Test("An operation that finishes in time returns its value")
  func returnsInTime() async throws {
    #expect(try await withDeadline("a quick sum") { 1 + 1 } == 2)
  }

  @Test("An operation's own error passes through")
  func errorPassesThrough() async {
    await #expect(throws: CancellationError.self) {
      try await withDeadline("a failing call") { throw CancellationError() }
    }
  }

  @Test("An operation stuck on a continuation that never resumes fails after the deadline, naming it")
  func hangBecomesFailure() async {
    let start = ContinuousClock.now
    let error = await #expect(throws: DeadlineExceeded.self) {
      try await withDeadline(seconds: 0.2, "the stuck adapter") {
        await withCheckedContinuation { continuation in Vault.keep(continuation) }
      }
    }
    // 0.2 s on an idle machine; the bound leaves room for a loaded one, and still proves that the
    // stuck operation did not hold the test until a minute-long `.timeLimit`.
    #expect(
      ContinuousClock.now - start < .seconds(Deadline.scaled(30)), "the deadline must not wait for the stuck operation")
    #expect(error?.description.hasPrefix("the stuck adapter did not finish within") == true)
  }

  @Test("A promise that never settles is reported by awaitSettled with the lesson's reason")
  func pendingPromiseIsReported() async {
    let (never, _) = Promise<Int>.pending()
    await withKnownIssue {
      let result = await awaitSettled(never, "The promise", ifItHangs: "Settle it on every path.", within: 0.1)
      #expect(result == nil)
    } matching: { issue in
      issue.comments.contains {
        $0.rawValue.contains("The promise did not finish") && $0.rawValue.contains("Settle it on every path.")
      }
    }
  }
}
