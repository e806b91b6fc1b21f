// Wrong answer to exercise 1.7 · one-extra-attempt
// Mistake: maxAttempts is how many retries there are, after the first try.
// Anti-pattern: one-extra-attempt
// Failure says: `maxAttempts` counts every attempt, the first included

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
      guard number <= maxAttempts, isRetryable(error) else { throw error }
      return after(seconds: delay).then { attempt(number + 1, delay: delay * 2) }
    }
  }
  return attempt(1, delay: initialDelay)
}
