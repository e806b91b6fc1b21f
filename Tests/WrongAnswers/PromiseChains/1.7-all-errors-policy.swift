// Wrong answer to exercise 1.7 · all-errors-policy
// Mistake: `recover` skips some errors by default, so I pass `.allErrors` to be sure every failure is
//   considered.
// Anti-pattern: all-errors-policy
// Failure says: Never retry a cancellation: the user asked to stop

import Foundation
import PromiseKitLite

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  @Sendable func attempt(_ number: Int, delay: TimeInterval) -> Promise<T> {
    body().recover(policy: .allErrors) { error -> Promise<T> in
      // `recover` skips cancellations by default, so a cancelled call is never retried.
      guard number < maxAttempts, isRetryable(error) else { throw error }
      return after(seconds: delay).then { attempt(number + 1, delay: delay * 2) }
    }
  }
  return attempt(1, delay: initialDelay)
}
