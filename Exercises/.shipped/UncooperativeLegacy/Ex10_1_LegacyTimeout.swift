// Exercise 10.1 · A timeout around a call that ignores cancellation
// Grade 3 (challenge) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#a-timeout-around-a-call-that-ignores-cancellation
// Check it: swift run course check 10.1   (or: swift test --filter UncooperativeLegacyTests.Ex10_1_LegacyTimeoutTests)
//
// `withTimeout(_:clock:start:)` starts a legacy call (see Sources/LegacyKit/Uncooperative/LegacyStop.swift)
// that ignores cancellation: it answers once, at once inside `start`, later on any thread, or never.
// What the call answers in time, value or error, is what `withTimeout` returns or throws, and an
// answer given inside `start` counts too. [wrong-answer] [answered-inside-start]
// When `duration` passes first on `clock`, it throws `TimedOut` at once, although the call never
// answers and ignores cancellation: nothing may wait for the call. [timeout-waits-for-call]
// Then it tells the call to stop, if `start` returned a `LegacyStop`, exactly once. [not-stopped]
// A call may answer inside its stop, before `stop()` returns. [stop-under-lock]
// A call that answered in time is never told to stop. [stopped-in-time]
// An answer that comes late (after `TimedOut`, or after the caller's cancel) resumes nothing a
// second time. [late-answer-resumed]
// When the call answers in time, the timer is not left waiting on the clock. [timer-left-running]
// When the caller's task is cancelled, it throws `CancellationError` at once, and tells the call to
// stop. [cancel-ignored]
// Wait on the clock you are given (tests move it by hand; a real second never passes), once, for
// `duration`. [real-clock] [wrong-duration]

import CourseCatalog
import LegacyKit

/// The legacy call did not answer within its time.
public struct TimedOut: Error, Equatable {
  /// A timeout.
  public init() {}
}

/// What the legacy call answers, unless `duration` passes first on `clock` (then `TimedOut`) or the
/// caller is cancelled (then `CancellationError`); either way the call is told to stop, if it can be.
public func withTimeout<C: Clock, Value: Sendable>(
  _ duration: C.Duration, clock: C, start: @escaping LegacyStart<Value>
) async throws -> Value {
  throw NotStarted("10.1", "withTimeout")  // Replace this line.
}
