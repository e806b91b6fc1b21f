import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
import PromiseKitLite
import Testing

@Suite("1.7 Retry with exponential backoff", .exercise("1.7"))
struct Ex1_7_RetryWithBackoffTests {
  /// A flaky call: scripted replies, and the time of every attempt.
  final class FlakyCall: Sendable {
    let endpoint = Endpoint<Void, Int>(.succeed(42))
    private let times = Locked<[ContinuousClock.Instant]>([])

    func call() -> Promise<Int> {
      times.withLock { $0.append(.now) }
      return Promise { seal in
        endpoint.call(()) { reply in
          switch reply {
          case .value(let value): seal.fulfill(value)
          case .error(let error), .both(_, let error): seal.reject(error)
          case .neither: seal.reject(PMKError.invalidCallingConvention)
          }
        }
      }
    }

    var attempts: Int { times.withLock { $0.count } }

    /// The waits between attempts, in seconds.
    var gaps: [Double] {
      let times = self.times.withLock { $0 }
      return zip(times, times.dropFirst()).map { pair in
        let gap = pair.1 - pair.0
        return Double(gap.components.seconds) + Double(gap.components.attoseconds) / 1e18
      }
    }
  }

  let flaky = FlakyCall()
  let delay = 0.04

  func run(
    maxAttempts: Int = 4,
    isRetryable: @escaping @Sendable (any Error) -> Bool = { ($0 as? LegacyError)?.isRetryable ?? false }
  ) async -> Swift.Result<Int, any Error>? {
    let flaky = self.flaky
    return await awaitSettled(
      retry(maxAttempts: maxAttempts, initialDelay: delay, isRetryable: isRetryable) { flaky.call() },
      "The promise retry returned", within: 2)
  }

  @Test("A call that fails twice with a retryable error succeeds on the third attempt")
  func succeedsAfterRetries() async throws {
    flaky.endpoint.script(.fail(LegacyError.offline), .fail(LegacyError.server(status: 503)), .succeed(7))
    let result = await run()
    #expect(try result?.get() == 7)
    #expect(flaky.attempts == 3, "Stop retrying at the first success.")
  }

  @Test("The wait doubles between attempts: exponential, not fixed")
  func backoffDoubles() async throws {
    flaky.endpoint.script(.fail(LegacyError.offline), .fail(LegacyError.offline), .succeed(1))
    _ = await run()
    let gaps = flaky.gaps
    try #require(gaps.count == 2, "Expected three attempts, got \(gaps.count + 1).")
    #expect(gaps[0] >= delay * 0.9, "Wait `initialDelay` before the second attempt; waited \(gaps[0]) s.")
    #expect(
      gaps[1] >= delay * 1.8,
      "The second wait (\(gaps[1]) s) should be about twice the first: double the delay on every retry.")
  }

  @Test("An error that is not retryable fails at once, without another attempt")
  func nonRetryableFailsAtOnce() async throws {
    flaky.endpoint.script(.fail(LegacyError.badRequest), .succeed(1))
    let result = await run()
    #expect(result?.failure as? LegacyError == .badRequest)
    #expect(flaky.attempts == 1, "Retry only when `isRetryable` says so: a bad request fails the same way every time.")
  }

  @Test("After maxAttempts attempts in all, it fails with the last error")
  func givesUp() async throws {
    flaky.endpoint.script(
      .fail(LegacyError.offline), .fail(LegacyError.offline), .fail(LegacyError.server(status: 502)))
    let result = await run(maxAttempts: 3)
    #expect(flaky.attempts == 3, "maxAttempts counts every attempt, the first included.")
    #expect(result?.failure as? LegacyError == .server(status: 502), "Fail with the last attempt's error.")
  }

  @Test("A cancellation is never retried")
  func cancellationNotRetried() async throws {
    flaky.endpoint.script(.fail(PMKError.cancelled), .succeed(1))
    let result = await run(isRetryable: { _ in true })
    #expect(flaky.attempts == 1, "A cancelled call was retried: the user asked to stop.")
    #expect(result?.failure?.isCancelled == true)
  }
}
