import Locking

/// Whether a task has ended, read without awaiting it: for a wait that should stop as soon as the
/// code under test has returned or thrown, instead of waiting out its deadline for something that
/// can no longer happen (a stub that throws at once, an answer that gave up early).
///
/// ```swift
/// let call = Task { try await fetchAll(ids, fetch: fetch.function) }
/// let end = TaskEnd(call)  // once: it starts watching when it is made
/// _ = await eventually { fetch.count == 3 || end.hasEnded }
/// ```
public final class TaskEnd: Sendable {
  private let ended = Locked(false)

  /// Starts watching `task`; ``hasEnded`` turns true once it returns or throws.
  public init<Success: Sendable, Failure: Error>(_ task: Task<Success, Failure>) {
    let ended = self.ended
    // Not cancellable, and needs not be: it ends when the task does, and holds nothing else.
    Task {
      _ = await task.result
      ended.withLock { $0 = true }
    }
  }

  /// Whether the task has returned or thrown.
  public var hasEnded: Bool { ended.withLock { $0 } }
}
