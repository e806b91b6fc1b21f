import Dispatch
import Foundation
import Locking

/// A guarantee that fulfills after `seconds` have passed.
///
/// The building block for timeouts (with `race`) and for retry with backoff.
public func after(seconds: TimeInterval) -> Guarantee<Void> {
  after(.nanoseconds(Int(max(0, seconds) * 1_000_000_000)))
}

/// A guarantee that fulfills after `interval` has passed.
public func after(_ interval: DispatchTimeInterval) -> Guarantee<Void> {
  AfterTimers.started(interval)
  let (rg, _) = Guarantee<Void>.pending()
  DispatchQueue.global().asyncAfter(deadline: .now() + interval) {
    rg.settle(.fulfilled(()))
  }
  return rg
}

/// Hears the length of every wait that `after` starts: the course's tests read a backoff's waits here.
///
/// A timer fires late on a busy machine, never early, so a measured wait only says "at least this
/// long"; the length a caller asks for is exact whatever the load. Not part of PromiseKit's API,
/// hence the SPI: `@_spi(Timers) import PromiseKitLite`.
@_spi(Timers)
public enum AfterTimers {
  private static let observer = Locked<(@Sendable (TimeInterval) -> Void)?>(nil)

  /// From now on, calls `observer` with each wait's length in seconds, on the thread that called
  /// `after`, before its timer starts; `nil` stops. One observer for the whole process: use it
  /// where nothing else starts timers, such as an exit test's child process.
  public static func observe(_ observer: (@Sendable (TimeInterval) -> Void)?) {
    self.observer.withLock { $0 = observer }
  }

  static func started(_ interval: DispatchTimeInterval) {
    guard let observer = observer.withLock({ $0 }) else { return }
    observer(seconds(in: interval))
  }

  /// `interval` in seconds; `.never` is infinite. `if case`, not `switch`: no `@unknown default`
  /// to agree on between a Dispatch built for library evolution (Darwin's) and one that is not.
  static func seconds(in interval: DispatchTimeInterval) -> TimeInterval {
    if case .seconds(let count) = interval { return Double(count) }
    if case .milliseconds(let count) = interval { return Double(count) / 1e3 }
    if case .microseconds(let count) = interval { return Double(count) / 1e6 }
    if case .nanoseconds(let count) = interval { return Double(count) / 1e9 }
    return .infinity
  }
}
