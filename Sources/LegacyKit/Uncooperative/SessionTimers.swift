import Locking

/// A legacy repeating-timer service: schedule a handler under a name, get a token, invalidate it
/// with the token. Thread-safe: every method may be called from any thread.
///
/// It allows one timer per name, as a hardware-backed timer or an exclusive registration does: the
/// next screen that schedules a name may do so only once the previous owner has invalidated it.
/// Handlers are called on whichever thread fires the service (``fireAll()``, which the tests call),
/// never on the main thread by design.
public final class SessionTimers: Sendable {
  /// Identifies one scheduled timer; hand it back to ``invalidate(_:)``.
  public struct Token: Sendable, Hashable {
    let id: Int
    /// The name it was scheduled under.
    public let name: String
  }

  private struct Timer {
    let name: String
    let handler: @Sendable () -> Void
  }

  private let state = Locked((next: 0, timers: [Int: Timer](), refused: 0))

  /// A service with no timers.
  public init() {}

  /// Starts calling `handler` every time the timers fire, and returns its token; `nil`, and nothing
  /// scheduled, when a timer of that name is still scheduled.
  public func schedule(name: String, handler: @escaping @Sendable () -> Void) -> Token? {
    state.withLock { state in
      guard !state.timers.values.contains(where: { $0.name == name }) else {
        state.refused += 1
        return nil
      }
      state.next += 1
      state.timers[state.next] = Timer(name: name, handler: handler)
      return Token(id: state.next, name: name)
    }
  }

  /// Stops the timer of `token` and lets its handler go. Invalidating twice does nothing.
  public func invalidate(_ token: Token) {
    state.withLock { _ = $0.timers.removeValue(forKey: token.id) }
  }

  /// Whether a timer named `name` is scheduled now.
  public func isScheduled(_ name: String) -> Bool {
    state.withLock { $0.timers.values.contains { $0.name == name } }
  }

  /// How many timers are scheduled now.
  public var scheduledCount: Int {
    state.withLock { $0.timers.count }
  }

  /// How many timers have ever been scheduled, including those already invalidated.
  public var scheduledEver: Int {
    state.withLock { $0.next }
  }

  /// Calls every scheduled timer's handler once, on the calling thread, outside the service's lock.
  public func fireAll() {
    for handler in state.withLock({ $0.timers.values.map(\.handler) }) { handler() }
  }
}
