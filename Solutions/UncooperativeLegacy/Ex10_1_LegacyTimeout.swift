// Exercise 10.1 · A timeout around a call that ignores cancellation · solution

import LegacyKit
import Locking

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
  let wait = OneAnswer<Value>()
  // The group holds only the timer, which cooperates: the wait for the call is not a child, so
  // nothing waits for a call that ignores cancellation.
  return try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask {
      try await clock.sleep(for: duration)
      wait.end(.failure(TimedOut()))
    }
    defer { group.cancelAll() }  // an answer in time leaves no timer waiting on the clock
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        // Waiting before the call starts: an answer given inside `start` finds the continuation.
        guard wait.wait(continuation) else { return }
        wait.keep(start { result in wait.answer(result) })
      }
    } onCancel: {
      wait.end(.failure(CancellationError()))
    }
  }
}

/// One continuation, and the three things that may resume it, of which only the first does:
/// the call's answer, the timer, the caller's cancel.
private final class OneAnswer<Value: Sendable>: Sendable {
  private struct State: Sendable {
    var continuation: CheckedContinuation<Value, any Error>?
    /// How it ended, once it has: the first of the three, which later ones find and leave alone.
    var outcome: Result<Value, any Error>?
    var answered = false
    var stop: LegacyStop?

    /// `stop`, when the wait ended without the call's answer. Asked once a wait: by the first to end
    /// it when `start` has returned, or by `keep` when the wait ended while `start` ran.
    func takeStop(_ stop: LegacyStop?) -> LegacyStop? {
      guard !answered, let stop else { return nil }
      return stop
    }
  }

  private let state = Locked(State())

  /// Holds `continuation` until the end; resumes it at once, and returns false (do not start the
  /// call), when the wait has already ended.
  func wait(_ continuation: CheckedContinuation<Value, any Error>) -> Bool {
    let ended = state.withLock { state -> Result<Value, any Error>? in
      if let outcome = state.outcome { return outcome }
      state.continuation = continuation
      return nil
    }
    guard let ended else { return true }
    continuation.resume(with: ended)
    return false
  }

  /// The call's stop, if it has one: used now when the wait already ended without its answer.
  func keep(_ stop: LegacyStop?) {
    let now = state.withLock { state -> LegacyStop? in
      guard state.outcome != nil else {
        state.stop = stop
        return nil
      }
      return state.takeStop(stop)
    }
    now?.stop()
  }

  /// The call answered: the end, if nothing ended the wait before.
  func answer(_ result: Result<Value, any Error>) {
    finish(result, answered: true)
  }

  /// The timer fired, or the caller was cancelled: the end, if the call has not answered.
  func end(_ failure: Result<Value, any Error>) {
    finish(failure, answered: false)
  }

  private func finish(_ result: Result<Value, any Error>, answered: Bool) {
    let (continuation, stop) = state.withLock { state -> (CheckedContinuation<Value, any Error>?, LegacyStop?) in
      // Decided, and marked so, in the same lock section that takes the continuation: a second
      // finisher finds the outcome, and resumes nothing.
      guard state.outcome == nil else { return (nil, nil) }
      state.outcome = result
      state.answered = answered
      defer { state.continuation = nil }
      return (state.continuation, answered ? nil : state.takeStop(state.stop))
    }
    stop?.stop()
    continuation?.resume(with: result)
  }
}
