import CourseKit
import Foundation
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

  @Test("An operation stuck on a continuation that never resumes fails after the deadline, naming it, in a child")
  func hangBecomesFailure() async {
    // In a child process: in this one, other suites' work is work still running, which the check rightly
    // waits for (22 to 32 s under the sanitizer, with every suite in parallel), so a bound here would
    // measure the machine. The child is idle but for the stuck operation.
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        let start = ContinuousClock.now
        do {
          _ = try await withDeadline(seconds: 0.2, "the stuck adapter") {
            await withCheckedContinuation { continuation in Vault.keep(continuation) }
          }
          exit(1)
        } catch let error as DeadlineExceeded {
          // Reported well before the hard limit, and named: the deadline does not wait for the stuck operation.
          let named = error.description.hasPrefix("the stuck adapter did not finish within")
          let soon = ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2) / 2)
          exit(named ? (soon ? EXIT_SUCCESS : 3) : 2)
        } catch {
          exit(4)
        }
      }
    }
  }

  @Test(
    "A stream whose next() never resumes, even when cancelled, ends under the deadline in each shape a graded test awaits it, in a child"
  )
  func neverResumingStreamEndsInEveryShape() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        exit(await DeadlineTests.readNeverResumingStreams())
      }
    }
  }

  /// The shapes the await audit allows, each over a stream that never resumes: a for-await loop under
  /// the deadline, a cancelled consumer task awaited under it, and a task group of such consumers
  /// under it. Exits 0 when every one ended, each well before the hard limit.
  static func readNeverResumingStreams() async -> Int32 {
    let start = ContinuousClock.now
    var ended = 0
    let loop: Void? = try? await withDeadline(seconds: 0.2, "a for-await loop") {
      for await _ in NeverResumingStream() {}
    }
    if loop == nil { ended += 1 }
    let consumer = Task { for await _ in NeverResumingStream() {} }
    consumer.cancel()
    let cancelled: Void? = try? await withDeadline(seconds: 0.2, "a cancelled consumer") { await consumer.value }
    if cancelled == nil { ended += 1 }
    let group: Void? = try? await withDeadline(seconds: 0.2, "a group of consumers") {
      await withTaskGroup(of: Void.self) { group in
        for _ in 0..<3 { group.addTask { for await _ in NeverResumingStream() {} } }
        group.cancelAll()
      }
    }
    if group == nil { ended += 1 }
    // The deadline abandons the stuck loop instead of waiting for it.
    let soon = ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2) / 2)
    return ended == 3 ? (soon ? EXIT_SUCCESS : 3) : 2
  }

  @Test(
    "A deadline waits while the operation is inside a wait of the kit's own, and still reports a hang after it, in a child"
  )
  func nestedWaitIsNotAHang() async {
    // In a child: idle but for the operation, so the deadline's hang check finds quiet rounds at once,
    // and would call the operation hung while `eventually` still watches its condition.
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        exit(await DeadlineTests.waitInsideDeadlines())
      }
    }
  }

  /// A condition that never holds, watched for longer than the deadline around it: the wait ends by
  /// itself with `false`, and the operation returns. Then a continuation never resumed, after such a
  /// wait: reported. Exits 0 when both are so.
  static func waitInsideDeadlines() async -> Int32 {
    let watched: Bool? = try? await withDeadline(seconds: 0.05, "a scenario that waits in vain") {
      await eventually(within: 0.5) { false }
    }
    guard watched == false else { return 2 }
    do {
      _ = try await withDeadline(seconds: 0.05, "a scenario that waits, then hangs") {
        _ = await eventually(within: 0.2) { false }
        return await withCheckedContinuation { continuation in Vault.keep(continuation) }
      }
      return 3
    } catch {
      return error is DeadlineExceeded ? EXIT_SUCCESS : 4
    }
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

/// A stream whose iterator's `next()` never resumes, and ignores its task's cancel: the worst a
/// learner's stream can do to a test that reads it.
struct NeverResumingStream: AsyncSequence {
  struct AsyncIterator: AsyncIteratorProtocol {
    mutating func next() async -> Int? {
      await withCheckedContinuation { continuation in Vault.keep(continuation) }
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}
