// Wrong answer to exercise 1.7 · exhausted-error
// Mistake: When the attempts run out, the caller should hear that the retries were exhausted, not some
//   network error.
// Anti-pattern: exhausted-error
// Failure says: When the attempts are used up, fail with the last error, not a generic one

import Foundation
import PromiseKitLite

/// The error of a call that failed every attempt.
public struct RetriesExhausted: Error {
  /// How many attempts were made.
  public let attempts: Int
}

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  @Sendable func attempt(_ number: Int, delay: TimeInterval) -> Promise<T> {
    body().recover { error -> Promise<T> in
      // `recover` skips cancellations by default, so a cancelled call is never retried.
      guard isRetryable(error) else { throw error }
      guard number < maxAttempts else { throw RetriesExhausted(attempts: number) }
      return after(seconds: delay).then { attempt(number + 1, delay: delay * 2) }
    }
  }
  return attempt(1, delay: initialDelay)
}
