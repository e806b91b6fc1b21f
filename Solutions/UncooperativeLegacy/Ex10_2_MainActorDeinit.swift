// Exercise 10.2 · Cleanup in a main-actor deinit · solution

import LegacyKit

/// A session screen's clock: the seconds it has been open, counted by a legacy timer it owns.
@MainActor
public final class SessionClockModel {
  /// The name the model schedules its timer under.
  public nonisolated static let timerName = "session-clock"

  /// How many times the timer has fired since the model was created.
  public private(set) var seconds = 0

  // Both `Sendable`, and `invalidate` is safe from any thread: what a deinit on any thread may use.
  private let timers: SessionTimers
  private var token: SessionTimers.Token?

  /// A clock that schedules its timer on `timers`.
  public init(timers: SessionTimers) {
    self.timers = timers
    // Weakly: the service holds the handler until the token is invalidated, and the deinit that
    // invalidates it never runs while the handler holds the model.
    token = timers.schedule(name: Self.timerName) { [weak self] in
      // The timer fires on the service's thread: hop to the main actor, never assume it.
      Task { @MainActor in self?.seconds += 1 }
    }
  }

  // Not isolated: it runs on whichever thread lets the model go, at once. It touches only what is
  // safe there, so it needs no hop, and the timer is gone before the release returns.
  deinit {
    if let token { timers.invalidate(token) }
  }
}
