import Locking

/// An `async` function a test answers by hand: each call is recorded and waits until the test
/// answers it, so a test can hold one call open while it starts another.
///
/// Interleavings that a wrong answer needs (a second load while the first is suspended, a sibling
/// still running when another fails) are then made by the test, every time, instead of by luck.
/// A call's task being cancelled is recorded; by default the call then throws `CancellationError`
/// at once, as a well-behaved async API does; `ignoringCancellation` keeps it waiting for its answer.
///
/// ```swift
/// let download = HeldCalls<String, Picture>()
/// let cache = ImageCache(download: { try await download($0) })
/// let first = Task { try await cache.image(for: "avatar-7") }
/// _ = await download.waitForCalls(1)
/// download.answer(0, with: .success(Picture(key: "avatar-7", version: 0)))
/// ```
public final class HeldCalls<Argument: Sendable, Value: Sendable>: Sendable {
  private struct Call: Sendable {
    let argument: Argument
    var continuation: CheckedContinuation<Value, any Error>?
    var outcome: Result<Value, any Error>?
    var cancelled = false
    var ended = false
  }

  private struct State: Sendable {
    var calls: [Call] = []
    var mostAtOnce = 0
  }

  private let state = Locked(State())
  private let ignoresCancellation: Bool
  private let automatic: @Sendable (Argument, Int) -> Result<Value, any Error>?

  /// A function whose calls wait for ``answer(_:with:)``, except those `answering` returns an outcome
  /// for at once (given the argument and the call's index, from 0).
  public init(
    ignoringCancellation: Bool = false,
    answering: @escaping @Sendable (_ argument: Argument, _ index: Int) -> Result<Value, any Error>? = { _, _ in nil }
  ) {
    ignoresCancellation = ignoringCancellation
    automatic = answering
  }

  /// Records a call of `argument`, and returns or throws what the test answers it.
  ///
  /// The call runs on the caller's actor and resumes there: a `@MainActor` caller's code after the
  /// call runs in the same main-actor job as the end of the call, so once ``inFlight`` no longer
  /// lists the call, a test on the main actor sees everything that code did.
  public func callAsFunction(_ argument: Argument, isolation: isolated (any Actor)? = #isolation) async throws -> Value
  {
    let index = state.withLock { state in
      state.calls.append(Call(argument: argument))
      state.mostAtOnce = max(state.mostAtOnce, state.calls.count { !$0.ended })
      return state.calls.count - 1
    }
    defer { state.withLock { $0.calls[index].ended = true } }
    if let outcome = automatic(argument, index) { return try outcome.get() }
    let ignoresCancellation = ignoresCancellation
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
        let outcome = state.withLock { state -> Result<Value, any Error>? in
          if let outcome = state.calls[index].outcome { return outcome }
          if state.calls[index].cancelled && !ignoresCancellation { return .failure(CancellationError()) }
          state.calls[index].continuation = continuation
          return nil
        }
        if let outcome { continuation.resume(with: outcome) }
      }
    } onCancel: {
      let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
        state.calls[index].cancelled = true
        guard !ignoresCancellation, state.calls[index].outcome == nil else { return nil }
        state.calls[index].outcome = .failure(CancellationError())
        defer { state.calls[index].continuation = nil }
        return state.calls[index].continuation
      }
      waiting?.resume(throwing: CancellationError())
    }
  }

  /// This fake as a function, to hand to the code under test.
  public var function: @Sendable (Argument) async throws -> Value {
    { argument in try await self(argument) }
  }

  /// This fake as a function that runs on the main actor, for a `@MainActor` caller whose code after
  /// the call must run in the same main-actor job as the call's end (see ``callAsFunction(_:isolation:)``).
  public var onMainActor: @Sendable (Argument) async throws -> Value {
    { @MainActor argument in try await self(argument) }
  }

  /// A function of no argument that calls this fake with `argument`.
  public func calling(_ argument: Argument) -> @Sendable () async throws -> Value {
    { try await self(argument) }
  }

  /// Answers call `index` (from 0) with `outcome`, now or as soon as it waits; a call already
  /// answered, or ended by its cancellation, keeps its first outcome.
  public func answer(_ index: Int, with outcome: Result<Value, any Error>) {
    let waiting = state.withLock { state -> CheckedContinuation<Value, any Error>? in
      guard state.calls.indices.contains(index), state.calls[index].outcome == nil else { return nil }
      state.calls[index].outcome = outcome
      defer { state.calls[index].continuation = nil }
      return state.calls[index].continuation
    }
    waiting?.resume(with: outcome)
  }

  /// The indexes of the calls that wait for an answer: made, not answered, and not ended by their
  /// task's cancellation.
  public var waitingForAnswer: [Int] {
    state.withLock { state in state.calls.indices.filter { state.calls[$0].outcome == nil && !state.calls[$0].ended } }
  }

  /// Every call's argument, in the order of the calls.
  public var arguments: [Argument] { state.withLock { $0.calls.map(\.argument) } }

  /// How many calls were made.
  public var count: Int { state.withLock { $0.calls.count } }

  /// The indexes of the calls that have not returned or thrown yet.
  public var inFlight: [Int] { state.withLock { state in state.calls.indices.filter { !state.calls[$0].ended } } }

  /// Whether call `index`'s task was cancelled while the call ran.
  public func wasCancelled(_ index: Int) -> Bool {
    state.withLock { $0.calls.indices.contains(index) && $0.calls[index].cancelled }
  }

  /// The most calls that were running at once.
  public var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }

  /// Waits until at least `count` calls were made; returns whether they were (see ``eventually(within:_:)``).
  public func waitForCalls(_ count: Int, within seconds: Double = Deadline.standard) async -> Bool {
    await eventually(within: seconds) { self.count >= count }
  }

  /// Waits until at least `count` calls were made, or until `caller`, the code that should make
  /// them, has ended without making them; returns whether they were made.
  public func waitForCalls<Success: Sendable, Failure: Error>(
    _ count: Int, from caller: Task<Success, Failure>, within seconds: Double = Deadline.standard
  ) async -> Bool {
    let end = TaskEnd(caller)
    _ = await eventually(within: seconds) { self.count >= count || end.hasEnded }
    return self.count >= count
  }
}
