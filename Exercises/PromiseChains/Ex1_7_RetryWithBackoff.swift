// Exercise 1.7 · Retry with exponential backoff
// Grade 4 (interview-hard) · Lesson: Docs/01-promise-chains.md#retry-with-backoff
// Check it: swift run course check 1.7   (or: swift test --filter PromiseChainsTests.Ex1_7_RetryWithBackoffTests)
//
// Call `body` until it succeeds, at most `maxAttempts` times in all, and fulfill with
// the success's value: [one-extra-attempt]
//   - retry only errors for which `isRetryable` says yes; any other error fails at once,
//     with its own error; [retry-everything] [ignores-predicate] [changed-error]
//   - wait `initialDelay` seconds before the second attempt, twice that before the third,
//     and so on (wait with `after`, the timer the tests hear, never with `sleep` or another
//     timer); [no-initial-delay] [late-first-wait] [linear-backoff]
//   - never retry a cancellation; [all-errors-policy]
//   - when the attempts are used up, fail with the last error. [exhausted-error]
//
// The same retry in `async` code, on an injected clock: exercise 9.7
// (Docs/09-actors-and-structured-concurrency.md#retry-on-a-clock).

import CourseCatalog
import Foundation
import PromiseKitLite

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  Promise(error: NotStarted("1.7"))  // Replace this line.
}
