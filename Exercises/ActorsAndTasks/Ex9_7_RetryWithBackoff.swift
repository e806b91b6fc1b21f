// Exercise 9.7 · Retry with backoff, structured, on an injected clock
// Grade 4 (interview-hard) · Lesson: Docs/09-actors-and-structured-concurrency.md#retry-on-a-clock
// Check it: swift run course check 9.7   (or: swift test --filter ActorsAndTasksTests.Ex9_7_RetryWithBackoffTests)
//
// Exercise 1.7's `retry` (Docs/01-promise-chains.md#retry-with-backoff), migrated. Call `body` until
// it succeeds, at most `maxAttempts` times in all: [wrong-attempts]
//   - retry only errors for which `isRetryable` says yes; any other error is thrown at once;
//     [retries-everything]
//   - wait `initialDelay` on `clock` before the second attempt, twice that before the third, and
//     so on (tests move the clock by hand: wait on it, never on another clock); [fixed-delay] [real-clock]
//   - never retry a cancellation, and start no attempt once the task is cancelled (a cancel
//     during a wait ends it at once, with `CancellationError`); [retries-cancellation] [retry-after-cancel]
//     (When the task is cancelled just before an attempt begins, the first or one whose wait has
//     already ended, making that attempt, whose `body` then sees the cancellation, or throwing
//     `CancellationError` at once are both right.)
//   - when the attempts are used up, throw the last error. [first-error] [wrong-attempts]

import CourseCatalog

/// The first success of `body`, retried with exponential backoff on `clock` while the error is
/// retryable: exercise 1.7's `retry`, as `async` code.
public func retrying<C: Clock<Duration>, Value: Sendable>(
  maxAttempts: Int, initialDelay: Duration, clock: C, isRetryable: @Sendable (any Error) -> Bool,
  _ body: @Sendable () async throws -> Value
) async throws -> Value {
  throw NotStarted("9.7")  // Replace this line.
}
