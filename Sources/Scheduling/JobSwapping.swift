import Dispatch
import Locking
import Platform

/// Starts tasks on the concurrent pool out of their creation order, as the language allows, so
/// that code relying on an order it was never promised fails every time, not once in a while.
///
/// Swift promises no order among tasks that start on the concurrent pool: two `Task { }` created
/// one after the other may start in either order. Today's runtime usually starts them in order,
/// so a handler that forwards each callback with `Task { await handle(value) }` passes most runs.
/// While swapping is on, every job handed to the global executor waits for the next one, and the
/// two are handed on in the opposite order: the freedom the language keeps, used every time.
/// Jobs for an actor or the main actor (`Task { @MainActor in }`) do not pass through the global
/// executor and keep their order.
///
/// Swapping is process-wide: turn it on in a child process (an exit test) or a demo, never in a
/// test process that runs other tests at the same time.
///
/// ```swift
/// await JobSwapping.during {
///   for batch in 0..<1000 { Task { await consumer.take(batch) } }  // about half overtake
/// }
/// ```
public enum JobSwapping {
  /// Whether this runtime lets the course swap jobs: it exports the global executor's hook, and
  /// calls it when a task is enqueued (proved once, with one task).
  public static var isAvailable: Bool { proved }

  /// What a runtime that does not let the course swap jobs weakens, in the words a check reports.
  public static let unavailableSentence =
    "This Swift runtime does not let the course reorder tasks (it does not export, or does not call, "
    + "swift_task_enqueueGlobal_hook), so a task per callback could pass by luck: the order checks of "
    + "4.6, 5.1, 5.3, 5.5, 6.4 and 6.5 fail here instead of passing without proof."

  /// Whether the hook is installed and the runtime called it for a task enqueued just now.
  private static let proved: Bool = {
    guard installed else { return false }
    let before = state.withLock { $0.seen }
    Task.detached {}  // enqueued, and so seen by the hook, before `detached` returns
    return state.withLock { $0.seen } > before
  }()

  /// Runs `body` with swapping on, and turns it off when `body` returns.
  public static func during<T>(_ body: () async throws -> T) async rethrows -> T {
    begin()
    defer { end() }
    return try await body()
  }

  /// Turns swapping on, until the matching ``end()``.
  public static func begin() {
    guard installed else { return }
    state.withLock { $0.armed += 1 }
  }

  /// Turns swapping off when every ``begin()`` has been matched, and hands on any job still held.
  public static func end() {
    guard installed else { return }
    let held = state.withLock { state -> Held? in
      state.armed -= 1
      guard state.armed == 0 else { return nil }
      defer { state.held = nil }
      return state.held
    }
    held?.handOn()
  }

  /// How long a job waits for a partner before it is handed on alone, in seconds: long enough
  /// that callbacks delivered back to back pair up, short enough that a lone job is not delayed.
  static let partnerWait = 0.002

  /// The runtime's hook for jobs enqueued on the global executor, `nil` where it is not exported.
  private nonisolated(unsafe) static let hook: UnsafeMutablePointer<EnqueueHook?>? = {
    guard let symbol = Platform.runtimeSymbol("swift_task_enqueueGlobal_hook") else { return nil }
    return symbol.assumingMemoryBound(to: EnqueueHook?.self)
  }()

  /// Sets the hook, once, the first time swapping (or a capture) is turned on; while both are off,
  /// the hook hands every job straight on. Whether the hook exists.
  static let installed: Bool = {
    guard let hook else { return false }
    hook.pointee = swap
    return true
  }()

  private static let state = Locked(State())

  private struct State: Sendable {
    var armed = 0
    var seen = 0
    var held: Held?
    var generation = 0
  }

  /// What the hook does with a job.
  private enum Decision {
    case enqueue
    case hold(generation: Int)
    case swapWith(Held)
  }

  /// A job waiting for its partner, and the runtime's own way to enqueue it (unchecked: the
  /// runtime's function pointer is not marked `Sendable`, and the job is handed on exactly once).
  private struct Held: @unchecked Sendable {
    let job: UnownedJob
    let original: EnqueueOriginal

    func handOn() { original(job) }
  }

  typealias EnqueueOriginal = @convention(thin) (UnownedJob) -> Void
  typealias EnqueueHook = @convention(thin) (UnownedJob, EnqueueOriginal) -> Void

  /// The hook: while a ``JobCapture`` is on, the job waits for its driver; with swapping off,
  /// enqueue as the runtime would; with it on, hold one job until the next arrives, then enqueue
  /// the newer first.
  private static let swap: EnqueueHook = { job, original in
    if JobCapture.take(job, original) { return }
    let decision = JobSwapping.state.withLock { state -> Decision in
      state.seen += 1
      guard state.armed > 0 else { return .enqueue }
      if let held = state.held {
        state.held = nil
        return .swapWith(held)
      }
      state.generation += 1
      state.held = Held(job: job, original: original)
      return .hold(generation: state.generation)
    }
    switch decision {
    case .enqueue:
      original(job)
    case .swapWith(let held):
      original(job)
      held.handOn()
    case .hold(let generation):
      // No partner in time: hand it on alone (a timer on Dispatch, which this hook does not see).
      DispatchQueue.global().asyncAfter(deadline: .now() + JobSwapping.partnerWait) {
        let alone = JobSwapping.state.withLock { state -> Held? in
          guard state.generation == generation else { return nil }
          defer { state.held = nil }
          return state.held
        }
        alone?.handOn()
      }
    }
  }
}
