// Wrong answer to exercise 1.7 · squared-delay
// Mistake: The waits grow fast enough when the n-th retry waits n squared times `initialDelay`.
// Anti-pattern: linear-backoff
// Failure says: Double the delay on every retry: exponential, not fixed, nor growing by a step

import Foundation
import PromiseKitLite

/// The first success of `body`, retried with exponential backoff while the error is retryable.
public func retry<T: Sendable>(
  maxAttempts: Int, initialDelay: TimeInterval, isRetryable: @escaping @Sendable (any Error) -> Bool,
  _ body: @escaping @Sendable () -> Promise<T>
) -> Promise<T> {
  @Sendable func attempt(_ number: Int) -> Promise<T> {
    body().recover { error -> Promise<T> in
      // `recover` skips cancellations by default, so a cancelled call is never retried.
      guard number < maxAttempts, isRetryable(error) else { throw error }
      let delay = initialDelay * Double(number * number)
      return after(seconds: delay).then { attempt(number + 1) }
    }
  }
  return attempt(1)
}
