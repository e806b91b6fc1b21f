import Locking

/// A clock that moves only when a test moves it, so code that waits on an injected clock is
/// tested without a real second passing.
///
/// Code under test sleeps on it as on any `Clock` (`try await clock.sleep(for: .seconds(5))`);
/// the sleep waits until the test calls ``advance(by:)`` past its deadline, or throws
/// `CancellationError` as soon as its task is cancelled, as `ContinuousClock`'s does. The test
/// sees every sleep asked for (``requestedSleeps``) and those still waiting (``waitingSleeps``),
/// so it can wait for a sleep to begin instead of hoping it has.
///
/// ```swift
/// let clock = TestClock()
/// let call = Task { try await withTimeout(.seconds(5), clock: clock) { try await slow() } }
/// _ = await eventually { clock.waitingSleeps.count == 1 }
/// clock.advance(by: .seconds(5))  // the timeout fires now, every time
/// ```
public final class TestClock: Clock, Sendable {
  /// A moment of a test clock: how far it has been moved since it was made.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock was made.
    public let offset: Duration

    /// The instant `offset` after the clock was made.
    public init(offset: Duration) {
      self.offset = offset
    }

    public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    public func duration(to other: Instant) -> Duration { other.offset - offset }
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    public var description: String { "\(offset)" }
  }

  private struct Sleeper: Sendable {
    let deadline: Instant
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State: Sendable {
    var now = Instant(offset: .zero)
    var nextID = 0
    var sleepers: [Int: Sleeper] = [:]
    var cancelledBeforeWaiting: Set<Int> = []
    var requested: [Duration] = []
  }

  private let state = Locked(State())

  /// A clock at zero, with no sleep yet.
  public init() {}

  public var now: Instant { state.withLock { $0.now } }

  public var minimumResolution: Duration { .zero }

  /// How long each sleep asked to wait, from the clock's time when it began, in the order asked.
  public var requestedSleeps: [Duration] { state.withLock { $0.requested } }

  /// The deadlines of the sleeps waiting now, earliest first.
  public var waitingSleeps: [Instant] {
    state.withLock { $0.sleepers.values.map(\.deadline).sorted() }
  }

  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      state.requested.append(state.now.duration(to: deadline))
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = state.withLock { state -> Result<Void, any Error>? in
          if state.cancelledBeforeWaiting.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now { return .success(()) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let sleeper = state.withLock { state -> Sleeper? in
        guard let sleeper = state.sleepers.removeValue(forKey: id) else {
          state.cancelledBeforeWaiting.insert(id)
          return nil
        }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock on by `duration`, and wakes every sleep whose deadline has come, earliest first.
  public func advance(by duration: Duration) {
    let due = state.withLock { state -> [Sleeper] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let due = state.sleepers.filter { $0.value.deadline <= now }
      for id in due.keys { state.sleepers[id] = nil }
      return due.values.sorted { $0.deadline < $1.deadline }
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
