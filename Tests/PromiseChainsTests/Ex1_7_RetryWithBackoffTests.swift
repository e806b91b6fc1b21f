import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
@_spi(Timers) import PromiseKitLite
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
    #expect(
      try result?.get() == 7,
      "Two retryable failures, then a success: retry must fulfill with the success's value. [wrong-value]")
    #expect(
      flaky.attempts == 3,
      "Stop at the first success: \(flaky.attempts) attempts for two failures and a success. [one-extra-attempt]")
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
      try #require(measured.count == 3, "Expected four attempts, got \(measured.count + 1). [one-extra-attempt]")
      gaps = zip(gaps, measured).map { min($0, $1) }
    }
    // Three waits tell the shapes apart: fixed (d, d, d), linear (d, 2d, 3d), exponential (d, 2d, 4d).
    let expected = [delay, delay * 2, delay * 4]
    // Compared outside #expect, so that the sentence is all the learner reads. The later waits are judged
    // against `initialDelay`, so after a short first wait they say nothing of the doubling: "Each wait is as
    // long as asked" judges that from the lengths retry asked for.
    if !(gaps[0] >= delay * 0.9) {
      Issue.record("Wait `initialDelay` before the second attempt; waited \(gaps[0]) s. [no-initial-delay]")
    } else if !(gaps[1] >= expected[1] * 0.9 && gaps[2] >= expected[2] * 0.9) {
      Issue.record(
        "Double the delay on every retry: exponential, not fixed. The waits were \(gaps.map { (($0 * 1000).rounded()) }) ms, not about \(expected.map { ($0 * 1000).rounded() }) ms. [linear-backoff]"
      )
    }
  }

  // A measured wait only says "at least": a timer fires late on a busy machine, never early. So the
  // lengths are read where they are asked for, from `after`, in a child process where no other
  // test starts a timer. Load cannot change a length, so this holds on any machine.
  @Test("Each wait is as long as asked: initialDelay, then twice the wait before, read from the timers retry starts")
  func waitLengths() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let waits = Locked<[TimeInterval]>([])
        AfterTimers.observe { seconds in waits.withLock { $0.append(seconds) } }
        await ResumeProbe.run {
          let flaky = Ex1_7_RetryWithBackoffTests.FlakyCall()
          flaky.endpoint.script(
            .fail(LegacyError.offline), .fail(LegacyError.offline), .fail(LegacyError.offline), .succeed(1))
          _ = try await retry(maxAttempts: 4, initialDelay: 0.02, isRetryable: { _ in true }) { flaky.call() }
            .settled(within: 2, "The promise retry returned")
          // How many attempts is other tests' business; the lengths are judged on the four they expect.
          guard flaky.attempts == 4 else { return }
          try judgeWaits(waits.withLock { $0 }, initialDelay: 0.02)
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "retry(maxAttempts: 4, initialDelay: 0.02) over three failures")
  }

  /// A call that fails on the main queue and, in the same main-queue block, queues a marker behind
  /// the handlers that failure scheduled. The main queue runs blocks in order, so when the next
  /// attempt starts from a later main-queue block the marker has run; when it has not, the next
  /// attempt was made from inside the handler, and the time since the failure is the time that
  /// handler held the main queue. Load only delays blocks; it never reorders them.
  final class MarkedCall: Sendable {
    struct Attempt {
      var failedAt: ContinuousClock.Instant?
      var markerRan = false
    }
    /// What one attempt saw of the wait before it.
    struct Wait {
      var onMainQueue: Bool
      var markerRan: Bool
      var seconds: Double
    }
    private let attempts = Locked<[Attempt]>([])
    private let observed = Locked<[Wait]>([])
    let failures: Int

    init(failures: Int) { self.failures = failures }

    func call() -> Promise<Int> {
      let number = attempts.withLock { attempts in
        if let previous = attempts.last, let failedAt = previous.failedAt {
          let gap = ContinuousClock.now - failedAt
          let seconds = Double(gap.components.seconds) + Double(gap.components.attoseconds) / 1e18
          observed.withLock {
            $0.append(Wait(onMainQueue: MainQueue.isCurrent, markerRan: previous.markerRan, seconds: seconds))
          }
        }
        attempts.append(Attempt())
        return attempts.count - 1
      }
      return Promise { seal in
        DispatchQueue.main.async {
          guard number < self.failures else { return seal.fulfill(number) }
          self.attempts.withLock { $0[number].failedAt = .now }
          seal.reject(LegacyError.offline)
          DispatchQueue.main.async { self.attempts.withLock { $0[number].markerRan = true } }
        }
      }
    }

    var waits: [Wait] { observed.withLock { $0 } }
  }

  @Test("Waiting between attempts never blocks the main queue")
  func waitsWithoutBlocking() async throws {
    let call = MarkedCall(failures: 2)
    let initialDelay = 0.1
    _ = await awaitSettled(
      retry(maxAttempts: 3, initialDelay: initialDelay, isRetryable: { _ in true }) { call.call() },
      "The promise retry returned", within: 3)
    let waits = call.waits
    try #require(
      waits.count == 2, "Expected three attempts for two failures, got \(waits.count + 1). [one-extra-attempt]")
    // A wait spent inside a main-queue handler: the next attempt started on the main queue, before a
    // block queued right after the failure, and at least a wait after it.
    let blocked = waits.first { $0.onMainQueue && !$0.markerRan && $0.seconds >= initialDelay * 0.9 }
    #expect(
      blocked == nil,
      "The main queue was blocked for \(Int((blocked?.seconds ?? 0) * 1000)) ms while retry waited: the next attempt started inside the handler, before anything else queued on the main queue could run. Wait with `after`, never `sleep`, which blocks a thread (on the main queue, the whole app). [linear-backoff]"
    )
  }

  @Test("An error that is not retryable fails at once, without another attempt")
  func nonRetryableFailsAtOnce() async throws {
    flaky.endpoint.script(.fail(LegacyError.badRequest), .succeed(1))
    let result = await run()
    // Compared outside #expect, so that the sentence is all the learner reads: the retry first, as its cause.
    if flaky.attempts != 1 {
      Issue.record(
        "Retry only when `isRetryable` says so: a bad request fails the same way every time, yet it was tried \(flaky.attempts) times. [retry-everything]"
      )
    } else if result?.failure as? LegacyError != .badRequest {
      Issue.record(
        "A bad request must fail at once, with its own error: got \(result.map { String(describing: $0) } ?? "nothing"). [changed-error]"
      )
    }
  }

  @Test("The caller's isRetryable decides: an error it refuses fails at once, and one it accepts is retried")
  func callerDecides() async throws {
    // Each answer is the opposite of what LegacyError.isRetryable says of the error.
    flaky.endpoint.script(.fail(LegacyError.offline), .succeed(1))
    _ = await run(isRetryable: { _ in false })
    let accepted = FlakyCall()
    accepted.endpoint.script(.fail(LegacyError.badRequest), .succeed(5))
    let result = await awaitSettled(
      retry(maxAttempts: 3, initialDelay: delay, isRetryable: { _ in true }) { accepted.call() },
      "The promise retry returned")
    if flaky.attempts != 1 || accepted.attempts != 2 {
      Issue.record(
        "Retry exactly the errors the caller's `isRetryable` accepts, whatever the error itself says: an offline error it refused was tried \(flaky.attempts) times (once is right), and a bad request it accepted \(accepted.attempts) times (twice is right), which \"An error that is not retryable\" explains. [ignores-predicate]"
      )
    } else {
      #expect(
        try result?.get() == 5,
        "A bad request the caller calls retryable, then a success: retry must fulfill with the success's value. [wrong-value]"
      )
    }
  }

  @Test("After maxAttempts attempts in all, it fails with the last error")
  func givesUp() async throws {
    flaky.endpoint.script(
      .fail(LegacyError.offline), .fail(LegacyError.offline), .fail(LegacyError.server(status: 502)))
    let result = await run(maxAttempts: 3)
    #expect(
      flaky.attempts == 3,
      "`maxAttempts` counts every attempt, the first included: maxAttempts 3 made \(flaky.attempts) attempts. [one-extra-attempt]"
    )
    #expect(
      result?.failure as? LegacyError == .server(status: 502),
      "When the attempts are used up, fail with the last error, not a generic one: got \(String(describing: result)). [exhausted-error]"
    )
  }

  @Test("A cancellation is never retried")
  func cancellationNotRetried() async throws {
    flaky.endpoint.script(.fail(PMKError.cancelled), .succeed(1))
    let result = await run(isRetryable: { _ in true })
    #expect(
      flaky.attempts == 1,
      "Never retry a cancellation: the user asked to stop. A cancelled call was attempted \(flaky.attempts) times. [all-errors-policy]"
    )
    #expect(
      result?.failure?.isCancelled == true,
      "A cancelled call must fail with its cancellation, never retried: got \(String(describing: result)). [all-errors-policy]"
    )
  }
}

/// Throws the sentence for `waits`, the lengths retry asked `after` for over four attempts, unless
/// they are `initialDelay` and then each twice the one before.
private func judgeWaits(_ waits: [TimeInterval], initialDelay: TimeInterval) throws {
  func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= b * 0.02 }
  let due = [initialDelay, initialDelay * 2, initialDelay * 4]
  func inMilliseconds(_ seconds: [Double]) -> String {
    seconds.map { "\(Int(($0 * 1000).rounded())) ms" }.joined(separator: ", ")
  }
  if waits.count == due.count, zip(waits, due).allSatisfy(near) { return }
  if waits.isEmpty {
    throw ResumeProbe.ProbeFailure(
      "it made four attempts and asked `after` for no wait between them. Wait with `after`, never `sleep`, which blocks a thread (on the main queue, the whole app). [linear-backoff]"
    )
  }
  let doubling = waits.count == due.count && zip(waits, waits.dropFirst()).allSatisfy { near($1, $0 * 2) }
  if doubling, waits[0] > initialDelay {
    let once = near(waits[0], initialDelay * 2) ? " Each wait was doubled once too often." : ""
    throw ResumeProbe.ProbeFailure(
      "it waited \(inMilliseconds(waits)): the first wait is `initialDelay` (\(inMilliseconds([initialDelay]))), before the second attempt, and each next one twice the one before.\(once) [late-first-wait]"
    )
  }
  if doubling {
    throw ResumeProbe.ProbeFailure(
      "it waited \(inMilliseconds(waits)): wait `initialDelay` (\(inMilliseconds([initialDelay]))) before the second attempt, then twice the wait before. [no-initial-delay]"
    )
  }
  throw ResumeProbe.ProbeFailure(
    "it asked `after` for \(inMilliseconds(waits)), where \(inMilliseconds(due)) were due. Double the delay on every retry: exponential, not fixed, nor growing by a step. [linear-backoff]"
  )
}
