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
    maxAttempts: Int = 4, initialDelay: Double? = nil, within seconds: Double = 2,
    isRetryable: @escaping @Sendable (any Error) -> Bool = { ($0 as? LegacyError)?.isRetryable ?? false }
  ) async -> Swift.Result<Int, any Error>? {
    let flaky = self.flaky
    return await awaitSettled(
      retry(maxAttempts: maxAttempts, initialDelay: initialDelay ?? delay, isRetryable: isRetryable) { flaky.call() },
      "The promise retry returned", within: seconds)
  }

  @Test("A call that fails twice with a retryable error succeeds on the third attempt")
  func succeedsAfterRetries() async throws {
    flaky.endpoint.script(.fail(LegacyError.offline), .fail(LegacyError.server(status: 503)), .succeed(7))
    let result = await run()
    #expect(try result?.get() == 7)
    #expect(
      flaky.attempts == 3, "Stop at the first success: \(flaky.attempts) attempts for two failures and a success.")
  }

  @Test("The wait doubles between attempts: exponential, not fixed, nor growing by a step")
  func backoffDoubles() async throws {
    // Timers fire late on a busy machine, never early: each wait is measured twice and the shorter
    // kept, and the first wait is long enough that lateness stays small beside the difference
    // between a third wait of 3d (linear) and one of 4d (exponential).
    let delay = 0.15
    var gaps = [Double.infinity, .infinity, .infinity]
    for _ in 0..<2 {
      let flaky = FlakyCall()
      flaky.endpoint.script(
        .fail(LegacyError.offline), .fail(LegacyError.offline), .fail(LegacyError.offline), .succeed(1))
      _ = await awaitSettled(
        retry(maxAttempts: 4, initialDelay: delay, isRetryable: { _ in true }) { flaky.call() },
        "The promise retry returned", within: 5)
      let measured = flaky.gaps
      try #require(measured.count == 3, "Expected four attempts, got \(measured.count + 1).")
      gaps = zip(gaps, measured).map { min($0, $1) }
    }
    #expect(gaps[0] >= delay * 0.9, "Wait `initialDelay` before the second attempt; waited \(gaps[0]) s.")
    // Three waits tell the shapes apart: fixed (d, d, d), linear (d, 2d, 3d), exponential (d, 2d, 4d).
    let expected = [delay, delay * 2, delay * 4]
    #expect(
      gaps[1] >= expected[1] * 0.9 && gaps[2] >= expected[2] * 0.9,
      "Double the delay on every retry: exponential, not fixed. The waits were \(gaps.map { (($0 * 1000).rounded()) }) ms, not about \(expected.map { ($0 * 1000).rounded() }) ms."
    )
  }

  @Test("Waiting between attempts never blocks the main queue")
  func waitsWithoutBlocking() async throws {
    flaky.endpoint.script(.fail(LegacyError.offline), .fail(LegacyError.offline), .succeed(1))
    let flaky = self.flaky
    // A heartbeat on the main queue, every few milliseconds, for as long as retry runs: a wait that
    // blocks the main queue shows as a gap between two beats as long as the wait itself.
    let beats = Locked<[ContinuousClock.Instant]>([])
    let beating = Locked(true)
    @Sendable func beat() {
      beats.withLock { $0.append(.now) }
      if beating.withLock({ $0 }) { DispatchQueue.main.asyncAfter(deadline: .now() + 0.005, execute: beat) }
    }
    DispatchQueue.main.async(execute: beat)
    let initialDelay = 0.3
    _ = await awaitSettled(
      retry(maxAttempts: 3, initialDelay: initialDelay, isRetryable: { _ in true }) { flaky.call() },
      "The promise retry returned", within: 3)
    beating.withLock { $0 = false }
    let times = beats.withLock { $0 }
    let longest =
      zip(times, times.dropFirst()).map { pair in
        let gap = pair.1 - pair.0
        return Double(gap.components.seconds) + Double(gap.components.attoseconds) / 1e18
      }.max() ?? 0
    #expect(
      longest < initialDelay * 0.9,
      "The main queue was blocked for \(Int(longest * 1000)) ms while retry waited: wait with `after`, never `sleep`, which blocks a thread (on the main queue, the whole app)."
    )
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
    #expect(
      flaky.attempts == 3,
      "`maxAttempts` counts every attempt, the first included: maxAttempts 3 made \(flaky.attempts) attempts.")
    #expect(
      result?.failure as? LegacyError == .server(status: 502),
      "When the attempts are used up, fail with the last error, not a generic one: got \(String(describing: result)).")
  }

  @Test("A cancellation is never retried")
  func cancellationNotRetried() async throws {
    flaky.endpoint.script(.fail(PMKError.cancelled), .succeed(1))
    let result = await run(isRetryable: { _ in true })
    #expect(
      flaky.attempts == 1,
      "Never retry a cancellation: the user asked to stop. A cancelled call was attempted \(flaky.attempts) times.")
    #expect(result?.failure?.isCancelled == true)
  }
}
