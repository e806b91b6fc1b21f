import CourseKit
import LegacyKit
import Locking
import UncooperativeLegacy

extension Ex10_1_LegacyTimeoutTests {
  /// A legacy call that ignores cancellation, held by the test: it records each start, keeps the
  /// completion it was given, counts the `stop()`s it receives, and answers only when the test says
  /// so (or at once, inside `start`, when made with `answeringInside`). Being told to stop does not
  /// stop it: it answers afterwards all the same, as legacy calls do.
  final class HeldLegacyCall: Sendable {
    private struct State: Sendable {
      var completions: [@Sendable (Result<String, any Error>) -> Void] = []
      var answered = false
      var stops = 0
    }

    private let state = Locked(State())
    private let stoppable: Bool
    private let inside: Result<String, any Error>?
    private let duringStart: (@Sendable () -> Void)?
    private let answersInsideStop: Bool

    /// A call that returns a `LegacyStop` when `stoppable`, answers `answeringInside` before `start`
    /// returns when it is given, runs `duringStart` in `start`, before it returns, when it is given,
    /// and, when `answeringInsideStop`, answers inside its stop, before `stop()` returns, as a legacy
    /// call told to stop may.
    init(
      stoppable: Bool = true, answeringInside inside: Result<String, any Error>? = nil,
      duringStart: (@Sendable () -> Void)? = nil, answeringInsideStop: Bool = false
    ) {
      self.stoppable = stoppable
      self.inside = inside
      self.duringStart = duringStart
      self.answersInsideStop = answeringInsideStop
    }

    /// The call, as `withTimeout(_:clock:start:)` takes it.
    var start: LegacyStart<String> {
      { [self] completion in
        state.withLock { $0.completions.append(completion) }
        duringStart?()
        if let inside { answer(with: inside) }
        return stoppable
          ? LegacyStop { [self] in
            state.withLock { $0.stops += 1 }
            if answersInsideStop { answer(with: .success("an answer inside stop")) }
          } : nil
      }
    }

    /// Calls the completion of the first start with `outcome`, on this thread, unless it has answered.
    func answer(with outcome: Result<String, any Error>) {
      let completion = state.withLock { state -> (@Sendable (Result<String, any Error>) -> Void)? in
        guard !state.answered, let first = state.completions.first else { return nil }
        state.answered = true
        return first
      }
      completion?(outcome)
    }

    /// How many times the call was started.
    var starts: Int { state.withLock { $0.completions.count } }
    /// How many times it was told to stop.
    var stops: Int { state.withLock { $0.stops } }
    /// Whether it was started and has not answered yet.
    var isWaiting: Bool { state.withLock { !$0.completions.isEmpty && !$0.answered } }
  }
}

extension Ex10_1_LegacyTimeoutTests {
  /// A failure the legacy call answers with, told apart by its number.
  struct ExportFailed: Error, Equatable, CustomStringConvertible {
    let number: Int
    var description: String { "ExportFailed(\(number))" }
  }
}
