// Wrong answer to exercise 1.7 · retry-everything
// Mistake: Any error can be temporary, so every failure gets another try.
// Anti-pattern: retry-everything
// Failure says: Retry only when `isRetryable` says so

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
      guard number < maxAttempts else { throw error }
      return after(seconds: delay).then { attempt(number + 1, delay: delay * 2) }
    }
  }
  return attempt(1, delay: initialDelay)
}
