/// A way to tell a legacy call that it may stop: what some SDKs hand back when a call starts
/// (a request token, an operation, an `NSProgress` to cancel), and many do not.
///
/// A legacy call knows nothing of Swift's task cancellation: cancelling the task that waits for
/// it changes nothing, and the call goes on until it answers, or for ever. A stop is the only word
/// it understands, and even that is a request: a call that was told to stop may still answer
/// afterwards, once, on any thread, as if nothing had happened. Code that waits for the call must
/// read that late answer and drop it.
///
/// ```swift
/// let stop = exporter.export(report) { result in … }  // nil when this exporter cannot be stopped
/// stop?.stop()
/// ```
public final class LegacyStop: Sendable {
  private let body: @Sendable () -> Void

  /// A stop that runs `body` each time it is called; the legacy side decides what a second
  /// stop means (usually nothing).
  public init(_ body: @escaping @Sendable () -> Void) {
    self.body = body
  }

  /// Asks the call to stop; thread-safe. The call may still answer after this returns.
  public func stop() {
    body()
  }
}

/// How a legacy call that ignores cancellation starts: it takes its completion, which it calls
/// at most once (synchronously, inside this function, or later on any thread, or never), and
/// returns a ``LegacyStop`` when it can be told to stop, `nil` when it cannot.
public typealias LegacyStart<Value> =
  @Sendable (_ completion: @escaping @Sendable (Result<Value, any Error>) -> Void) -> LegacyStop?
