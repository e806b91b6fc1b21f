// Wrong answer to exercise 1.7 · sleep-between-attempts
// Mistake: A short `Thread.sleep` before the next attempt is the simplest way to wait.
// Anti-pattern: linear-backoff
// Failure says: Wait with `after`, never `sleep`

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
      Thread.sleep(forTimeInterval: delay)
      return attempt(number + 1, delay: delay * 2)
    }
  }
  return attempt(1, delay: initialDelay)
}
