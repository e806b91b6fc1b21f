// Wrong answer to exercise 1.7 · ignores-predicate
// Mistake: `LegacyError` already knows which of its cases are temporary, so I ask the error itself; the
//   `isRetryable` parameter only repeats what the error says.
// Anti-pattern: ignores-predicate
// Failure says: Retry exactly the errors the caller's `isRetryable` accepts

import Foundation
import LegacyKit
import PromiseKitLite

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  @Sendable func attempt(_ number: Int, delay: TimeInterval) -> Promise<T> {
    body().recover { error -> Promise<T> in
      // `recover` skips cancellations by default, so a cancelled call is never retried.
      guard number < maxAttempts, (error as? LegacyError)?.isRetryable ?? false else { throw error }
      return after(seconds: delay).then { attempt(number + 1, delay: delay * 2) }
    }
  }
  return attempt(1, delay: initialDelay)
}
