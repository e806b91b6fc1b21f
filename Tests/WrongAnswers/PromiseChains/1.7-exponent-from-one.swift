// Wrong answer to exercise 1.7 · exponent-from-one
// Mistake: The wait after the n-th failed attempt is `initialDelay` times 2 to the n, counting
//   attempts from 1, so the first retry already waits twice `initialDelay`.
// Anti-pattern: late-first-wait
// Failure says: the first wait is `initialDelay`

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
      let delay = initialDelay * pow(2, Double(number))
      return after(seconds: delay).then { attempt(number + 1) }
    }
  }
  return attempt(1)
}
