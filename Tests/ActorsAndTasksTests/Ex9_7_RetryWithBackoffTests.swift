import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.7 Retry with backoff, structured, on an injected clock", .exercise("9.7"))
struct Ex9_7_RetryWithBackoffTests {
  /// A body that fails with Boom(1), Boom(2), ... until attempt `succeedsOn`, counting its calls.
  final class Attempts: Sendable {
    let calls = Locked(0)
    let succeedsOn: Int
    init(succeedsOn: Int = .max) { self.succeedsOn = succeedsOn }
    var count: Int { calls.withLock { $0 } }
    func body() throws -> String {
      let number = calls.withLock {
        $0 += 1
        return $0
      }
      guard number >= succeedsOn else { throw Boom(number: number) }
      return "attempt \(number)"
    }
  }

  /// Moves `clock` past each wait `call` begins, until it ends; returns the waits asked for.
  static func drive(_ clock: TestClock, until call: Task<String, any Error>, waits: Int) async -> [Duration] {
    let end = TaskEnd(call)
    for wait in 1...waits {
      guard await eventually({ clock.requestedSleeps.count >= wait || end.hasEnded }),
        clock.requestedSleeps.count >= wait
      else { break }
      clock.advance(by: clock.requestedSleeps[wait - 1])
    }
    return clock.requestedSleeps
  }

  @Test("It waits initialDelay on the clock it was given, then twice that, and returns the first success")
  func backsOffOnTheClock() async throws {
    let clock = TestClock()
    let attempts = Attempts(succeedsOn: 4)
    let call = Task {
      try await retrying(maxAttempts: 5, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in true }) {
        try attempts.body()
      }
    }
    let waits = await Self.drive(clock, until: call, waits: 3)
    if waits.isEmpty && attempts.count > 0 {
      call.cancel()
      _ = await withDeadlineResult("retrying, cancelled") { try await call.value }
      Issue.record(
        "The first attempt failed, and `retrying` never began a wait on the clock it was given: it waits on another clock (`Task.sleep`, `ContinuousClock`), which tests cannot move. Sleep on `clock`. [real-clock]"
      )
      return
    }
    let value = await withDeadlineResult("retrying(maxAttempts: 5, initialDelay: 1 s)") { try await call.value }
    #expect(
      waits == [.seconds(1), .seconds(2), .seconds(4)],
      "Three failures should wait 1 s, 2 s, then 4 s on the clock: `retrying` waited \(waits). Double the delay after each wait. [fixed-delay]"
    )
    #expect(
      (try? value.get()) == "attempt 4" && attempts.count == 4,
      "The fourth attempt succeeds: `retrying` made \(attempts.count) and \(did(value)). [wrong-attempts]")
  }

  @Test("When the attempts are used up, it throws the last error")
  func lastErrorWhenUsedUp() async throws {
    let clock = TestClock()
    let attempts = Attempts()
    let call = Task {
      try await retrying(maxAttempts: 3, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in true }) {
        try attempts.body()
      }
    }
    _ = await Self.drive(clock, until: call, waits: 2)
    let outcome = await withDeadlineResult("retrying(maxAttempts: 3), every attempt failing") { try await call.value }
    let waits = clock.requestedSleeps
    if outcome.hung {
      call.cancel()
      _ = await withDeadlineResult("retrying, cancelled") { try await call.value }
    }
    if attempts.count == 3 && waits.count > 2 {
      Issue.record(
        "The third and last attempt failed, and `retrying` waited again (waits: \(waits)) instead of throwing: when the attempts are used up, throw the last error at once. [wrong-attempts]"
      )
      return
    }
    #expect(
      attempts.count == 3,
      "`maxAttempts: 3` allows three attempts in all, and `retrying` made \(attempts.count). [wrong-attempts] [real-clock]"
    )
    #expect(
      outcome.failure as? Boom == Boom(number: 3) || attempts.count != 3,
      "All three attempts failed, with Boom(1), Boom(2), Boom(3), and `retrying` \(did(outcome)): throw the last error. [first-error]"
    )
  }

  @Test("An error isRetryable refuses is thrown at once, with no wait")
  func notRetryable() async throws {
    let clock = TestClock()
    let attempts = Attempts()
    let outcome = await withDeadlineResult("retrying with an error that is not retryable") {
      try await retrying(maxAttempts: 3, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in false }) {
        try attempts.body()
      }
    }
    #expect(
      attempts.count == 1 && outcome.failure as? Boom == Boom(number: 1) && clock.requestedSleeps.isEmpty,
      "`isRetryable` refuses every error, so the first failure (Boom(1)) is thrown at once: `retrying` made \(attempts.count) attempts, waited \(clock.requestedSleeps), and \(did(outcome)). [retries-everything]"
    )
  }

  @Test("A cancel during a wait ends it at once with CancellationError, and no attempt follows")
  func cancelDuringWait() async throws {
    let clock = TestClock()
    let attempts = Attempts()
    let call = Task {
      try await retrying(maxAttempts: 5, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in true }) {
        try attempts.body()
      }
    }
    let end = TaskEnd(call)
    _ = await eventually { clock.waitingSleeps.count == 1 || end.hasEnded }
    guard clock.waitingSleeps.count == 1 else {
      call.cancel()
      _ = await withDeadlineResult("retrying, cancelled") { try await call.value }
      Issue.record(
        "The first attempt failed, and `retrying` never began a wait on the clock it was given (made \(attempts.count) attempts): sleep on `clock`. [real-clock]"
      )
      return
    }
    call.cancel()
    let outcome = await withDeadlineResult("retrying, cancelled during its first wait") { try await call.value }
    if outcome.hung {
      // A retry that swallowed the cancel waits again: move the clock until it gives up.
      _ = await Self.drive(clock, until: call, waits: 5)
      _ = await withDeadlineResult("retrying, after the cancel") { try await call.value }
    }
    #expect(
      attempts.count == 1,
      "The task was cancelled during the first wait, and `retrying` made \(attempts.count) attempts in all: a cancelled wait throws `CancellationError`, so let it end the loop (`try`, never `try?`). [retry-after-cancel]"
    )
    #expect(
      outcome.failure is CancellationError,
      "The task was cancelled during the first wait, and `retrying` \(did(outcome)): throw `CancellationError`. [retry-after-cancel]"
    )
  }

  @Test("A cancellation thrown by body is never retried, even when isRetryable says yes")
  func cancellationIsNotRetried() async throws {
    let clock = TestClock()
    let calls = Locked(0)
    let outcome = await withDeadlineResult("retrying a body that throws CancellationError") {
      try await retrying(maxAttempts: 3, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in true }) {
        () throws -> String in
        calls.withLock { $0 += 1 }
        throw CancellationError()
      }
    }
    let made = calls.withLock { $0 }
    #expect(
      made == 1 && outcome.failure is CancellationError && clock.requestedSleeps.isEmpty,
      "`body` threw `CancellationError`, and `retrying` made \(made) attempts, waited \(clock.requestedSleeps), and \(did(outcome)): a cancellation is never retried, whatever `isRetryable` says. [retries-cancellation]"
    )
  }
}

extension Ex9_7_RetryWithBackoffTests {
  /// `retrying(maxAttempts: 3, initialDelay: 1 s)` of a body whose first two attempts fail (retryably)
  /// and whose third succeeds; each attempt's answer, each wait's end and the caller's cancel come in
  /// every order, so the cancel lands in each attempt and each wait.
  static func attemptsWaitsAndACancel() -> Interleavings.World {
    let clock = TestClock()
    let body = HeldCalls<Int, String>()
    // At the cancel: how many attempts had begun, and whether one was running or a wait was waiting.
    // Between a wait that ended and the next attempt nothing is either: that attempt may still begin,
    // and its body sees the cancellation.
    let atTheCancel = Locked<(attempts: Int, between: Bool)?>(nil)
    let ended = Locked<Result<String, any Error>?>(nil)
    let name = "the call retrying(maxAttempts: 3, initialDelay: 1 s)"
    return Interleavings.World(
      callers: [
        Interleavings.Caller(name, cancellable: true) {
          let outcome = await withTaskCancellationHandler {
            await Interleavings.outcome {
              try await retrying(maxAttempts: 3, initialDelay: .seconds(1), clock: clock, isRetryable: { _ in true }) {
                try await body(body.count + 1)
              }
            }
          } onCancel: {
            atTheCancel.withLock { $0 = (body.count, body.inFlight.isEmpty && clock.waitingSleeps.isEmpty) }
          }
          ended.withLock { $0 = outcome }
        }
      ],
      dependencies: [
        body.dependency(
          { "attempt \($0)" }, said: { $0.failure.map { "failed with \($0)" } ?? "succeeded" }
        ) { attempt, _ in
          attempt < 3 ? .failure(Boom(number: attempt)) : .success("attempt \(attempt)")
        },
        Interleavings.Dependency(
          waiting: { clock.waitingSleeps.isEmpty ? [] : [0] },
          answer: { _ in
            guard let deadline = clock.waitingSleeps.first else { return "nothing waited on the clock" }
            let wait = clock.now.duration(to: deadline)
            clock.advance(by: wait)
            return "the wait of \(wait) ended"
          }),
      ],
      check: {
        let cancel = atTheCancel.withLock { $0 }
        let cancelledAt = cancel?.attempts
        guard let outcome = ended.withLock({ $0 }) else {
          return cancelledAt == nil
            ? "`retrying` never returned, though every attempt answered and every wait on the clock ended, which \"It waits initialDelay on the clock it was given\" explains. [real-clock]"
            : "the task was cancelled after attempt \(cancelledAt ?? 0) began, and `retrying` never returned: a cancel ends the wait at once, which \"A cancel during a wait\" explains. [retry-after-cancel]"
        }
        guard let cancelledAt else {
          return (try? outcome.get()) == "attempt 3" && body.count == 3
            ? nil
            : "attempts 1 and 2 failed with a retryable error and attempt 3 succeeded, and `retrying` made \(body.count) attempts and \(did(outcome)), which \"It waits initialDelay on the clock it was given, then twice that, and returns the first success\" explains. [wrong-attempts]"
        }
        if body.count > cancelledAt + (cancel?.between == true ? 1 : 0) {
          return
            "the task was cancelled after attempt \(cancelledAt) began, and `retrying` then started attempt \(body.count): no attempt starts once the task is cancelled, which \"A cancel during a wait\" explains. [retry-after-cancel]"
        }
        // A cancel that comes as the last attempt succeeds may lose to its value.
        if !(outcome.failure is CancellationError) && (try? outcome.get()) != "attempt 3" {
          return
            "the task was cancelled after attempt \(cancelledAt) began, and `retrying` \(did(outcome)): a cancel ends it with `CancellationError`, which \"A cancel during a wait ends it at once with CancellationError\" explains. [retry-after-cancel]"
        }
        return nil
      })
  }

  @Test(
    "Attempts that fail twice then succeed, their waits on the clock, and a cancel landing in each attempt and each wait: no attempt after the cancel, which ends it with CancellationError"
  )
  func everyOrderOfACancel() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex9_7_RetryWithBackoffTests.attemptsWaitsAndACancel)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "retrying, with a cancel at every point")
  }
}
