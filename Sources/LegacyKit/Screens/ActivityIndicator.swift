import Locking

/// A stand-in for a spinner view: it records each start and stop, and whether it came on the main queue.
///
/// Marked `Sendable` as much legacy UI code effectively is (it compiles from any
/// thread), which is exactly why touching it off the main queue is a bug the
/// compiler will not catch and a test must.
public final class ActivityIndicator: Sendable {
  private let log = Locked<[String]>([])

  /// An indicator that has not spun yet.
  public init() {}

  /// Starts spinning.
  public func start() { record("start") }
  /// Stops spinning.
  public func stop() { record("stop") }

  /// Every call, in order, as "start" or "stop", with " (off main)" when it did not come on the main queue.
  public var events: [String] {
    log.withLock { $0 }
  }

  private func record(_ event: String) {
    let suffix = MainQueue.isCurrent ? "" : " (off main)"
    log.withLock { $0.append(event + suffix) }
  }
}
