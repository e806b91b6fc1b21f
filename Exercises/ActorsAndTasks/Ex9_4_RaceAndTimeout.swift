// Exercise 9.4 · `race` and a timeout on an injected clock
// Grade 3 (challenge) · Lesson: Docs/09-actors-and-structured-concurrency.md#race-and-a-timeout
// Check it: swift run course check 9.4   (or: swift test --filter ActorsAndTasksTests.Ex9_4_RaceAndTimeoutTests)
//
// `firstAnswer(from:)` (like `race`): runs every mirror at the same time. [one-mirror-at-a-time]
// What the first to finish returns or throws is the answer. [first-success-only] [wrong-answer]
// Every other mirror is cancelled, and none is still running when it returns. [losers-left-running]
// `withTimeout(_:clock:operation:)`: what `operation` returns or throws, unless `duration` passes
// first on `clock`. [wrong-answer] [wrong-duration]
// Then it throws `TimedOut`, the operation is cancelled, and nothing it started is still running.
// [wrong-answer] [work-left-running]
// A zero `duration` does not mean "no timeout": unless the operation answers at once, the call
// throws `TimedOut`. [wrong-duration]
// When the operation answers in time, its answer is returned at once, and its timer is not left
// waiting. [timer-left-running]
// Wait on the clock you are given (tests move it by hand; a real second never passes), and only
// once. [real-clock] [wrong-duration]

import CourseCatalog

/// The operation did not finish within its time.
public struct TimedOut: Error, Equatable {
  /// A timeout.
  public init() {}
}

/// What the first of `mirrors` to finish returns or throws, every other one cancelled: `race`, structured.
public func firstAnswer<Value: Sendable>(
  from mirrors: [@Sendable () async throws -> Value]
) async throws -> Value {
  throw NotStarted("9.4", "firstAnswer")  // Replace this line.
}

/// What `operation` returns, unless `duration` passes first on `clock`: then `TimedOut`, and the
/// operation cancelled.
public func withTimeout<C: Clock, Value: Sendable>(
  _ duration: C.Duration, clock: C, operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  throw NotStarted("9.4", "withTimeout")  // Replace this line.
}
