import Locking

/// A task that a legacy source can cancel from inside a call, at the one moment that matters.
///
/// A cancel "at a random moment" lands in the interesting window once in a while.
/// To test what an adapter does with a cancel that arrives while it is starting the
/// legacy work, cancel from the legacy source's own hook, inside the call: start the
/// task through the switch, and flip the switch from the hook.
///
/// ```swift
/// let cancel = CancelSwitch()
/// downloader.whileStarting = { _ in cancel.flip() }
/// let task = cancel.start { try await loader.thumbnail(id: 1) }
/// ```
public final class CancelSwitch: Sendable {
  private let canceller = Locked<(@Sendable () -> Void)?>(nil)
  private let flips = Locked(0)

  /// A switch with no task yet.
  public init() {}

  /// Starts `operation` in a task that ``flip()`` cancels; the task is armed before it runs,
  /// so a flip from inside the operation always reaches it.
  public func start<T: Sendable>(
    _ operation: @escaping @Sendable () async throws -> T
  ) -> Task<T, any Error> {
    let armed = Latch()
    let task = Task {
      await armed.wait()
      return try await operation()
    }
    canceller.withLock { $0 = { task.cancel() } }
    armed.open()
    return task
  }

  /// Cancels the task; the cancellation handlers of the code it awaits run here, on this thread.
  public func flip() {
    flips.withLock { $0 += 1 }
    canceller.withLock { $0 }?()
  }

  /// How many times ``flip()`` was called: 0 means the hook was never reached.
  public var flipCount: Int {
    flips.withLock { $0 }
  }
}

/// A gate that tasks wait at until it is opened, once.
private final class Latch: Sendable {
  private let state = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  func wait() async {
    await withCheckedContinuation { continuation in
      let proceed = state.withLock { state in
        if state.open { return true }
        state.waiting.append(continuation)
        return false
      }
      if proceed { continuation.resume() }
    }
  }

  func open() {
    let waiting = state.withLock { state in
      state.open = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }
}
