// Exercise 10.2 · Cleanup in a main-actor deinit
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#cleanup-in-a-main-actor-deinit
// Check it: swift run course check 10.2   (or: swift test --filter UncooperativeLegacyTests.Ex10_2_MainActorDeinitTests)
//
// `SessionClockModel` counts the seconds a session screen is open, from a timer of `SessionTimers`
// (in Sources/LegacyKit/Uncooperative/SessionTimers.swift) named `SessionClockModel.timerName`:
//   - created, it schedules that timer; each time the timer fires (on the service's own thread, never
//     the main one), `seconds` grows by one, on the main actor. [ticks-lost] [assumed-on-timer-thread]
//   - the timer does not keep the model alive: when the screen lets the model go, it goes. [model-kept-alive]
//   - when the model goes away, its timer is invalidated before that release returns, whichever thread
//     releases it: the next screen schedules the same name at once, and the service allows one timer
//     per name. [never-invalidated] [cleanup-deferred]
//   - the last reference may go away on any thread (a background task that held the model): its
//     deinit must not stop the app there. [assumed-in-deinit]

import CourseCatalog
import LegacyKit

/// A session screen's clock: the seconds it has been open, counted by a legacy timer it owns.
@MainActor
public final class SessionClockModel {
  /// The name the model schedules its timer under.
  public nonisolated static let timerName = "session-clock"

  /// How many times the timer has fired since the model was created.
  public private(set) var seconds = 0

  /// A clock that schedules its timer on `timers`.
  public init(timers: SessionTimers) {
    _ = NotStarted("10.2")  // Replace this line (and add what the model needs, and its deinit).
  }
}
