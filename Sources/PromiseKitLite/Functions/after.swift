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
  let atOnce = AfterTimers.started(interval)
  let (rg, _) = Guarantee<Void>.pending()
  DispatchQueue.global().asyncAfter(deadline: atOnce ? .now() : .now() + interval) {
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
  private static let observer = Locked<(hear: (@Sendable (TimeInterval) -> Void)?, atOnce: Bool)>((nil, false))

  /// From now on, calls `observer` with each wait's length in seconds, on the thread that called
  /// `after`, before its timer starts; `nil` stops. One observer for the whole process: use it
  /// where nothing else starts timers, such as an exit test's child process.
  ///
  /// With `firingAtOnce`, every timer fires at once, whatever its length: a test then hears the
  /// waits of a backoff that would take hours (where a cap on the delay shows) in no time.
  public static func observe(_ observer: (@Sendable (TimeInterval) -> Void)?, firingAtOnce: Bool = false) {
    self.observer.withLock { $0 = (observer, observer != nil && firingAtOnce) }
  }

  /// Tells the observer of a wait of `interval`; returns whether the wait's timer fires at once.
  static func started(_ interval: DispatchTimeInterval) -> Bool {
    let (hear, atOnce) = observer.withLock { $0 }
    hear?(seconds(in: interval))
    return atOnce
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
