// Exercise 9.7 · Retry with backoff, structured, on an injected clock · solution

/// The first success of `body`, retried with exponential backoff on `clock` while the error is
/// retryable: exercise 1.7's `retry`, as `async` code.
public func retrying<C: Clock<Duration>, Value: Sendable>(
  maxAttempts: Int, initialDelay: Duration, clock: C, isRetryable: @Sendable (any Error) -> Bool,
  _ body: @Sendable () async throws -> Value
) async throws -> Value {
  var delay = initialDelay
  var attempt = 1
  while true {
    do {
      return try await body()
    } catch is CancellationError {
      throw CancellationError()  // never retried
    } catch {
      guard attempt < maxAttempts, isRetryable(error) else { throw error }
    }
    try await clock.sleep(for: delay)  // throws when cancelled: no attempt after a cancel
    attempt += 1
    delay *= 2
  }
}
