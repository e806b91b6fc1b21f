// Wrong answer to exercise 1.7 · linear-backoff
// Mistake: Each retry waits a little longer than the last: one more `initialDelay` every time.
// Anti-pattern: linear-backoff
// Failure says: Double the delay on every retry: exponential, not fixed

import Foundation
import PromiseKitLite

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  @Sendable func attempt(_ number: Int, delay: TimeInterval) -> Promise<T> {
    body().recover { error -> Promise<T> in
      // `recover` skips cancellations by default, so a cancelled call is never retried.
      guard number < maxAttempts, isRetryable(error) else { throw error }
      return after(seconds: delay).then { attempt(number + 1, delay: delay + initialDelay) }
    }
  }
  return attempt(1, delay: initialDelay)
}
