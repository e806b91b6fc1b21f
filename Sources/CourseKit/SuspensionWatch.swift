import Dispatch
import Locking

/// An executor for one task that says when the task is suspended: every job it was given has run.
///
/// A test that cancels a consumer "while it waits for the next value" must know it waits. A
/// consumer that has just read a value is a few instructions away from its next `next()`, and a
/// cancel that lands before that call ends some streams cleanly that a cancel during the call
/// leaves waiting for good (an `AsyncStream(unfolding:)` whose `next()` ignores cancellation).
/// Run the consumer with this executor as its preference, and wait for ``isSuspended``: each job
/// runs until the task reaches an `await` that must wait, so once no job is queued or running,
/// the task is parked in its `next()`, or done.
///
/// ```swift
/// let watch = SuspensionWatch()
/// let consumer = Task(executorPreference: watch) { for await _ in stream { seen.record("value") } }
/// _ = await seen.wait(for: 1)
/// _ = await eventually { watch.isSuspended }
/// consumer.cancel()  // it is waiting inside next(), every time
/// ```
public final class SuspensionWatch: TaskExecutor, Sendable {
  // `queue` runs the jobs one at a time; `pending` counts those enqueued and not yet finished.
  private let queue = DispatchQueue(label: "course.suspension-watch")
  private let pending = Locked(0)
  private let run = Locked(0)

  /// An executor with no job yet.
  public init() {}

  public func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    pending.withLock { $0 += 1 }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.pending.withLock { $0 -= 1 }
      self.run.withLock { $0 += 1 }
    }
  }

  /// Whether no job of the task is queued or running: it is suspended at an `await`, or finished.
  public var isSuspended: Bool { pending.withLock { $0 == 0 } }

  /// How many jobs of the task have run: a task that never suspends, because it loops on
  /// `Task.yield()` waiting for something to change, runs thousands, where a task that awaits runs a few.
  public var jobsRun: Int { run.withLock { $0 } }

  /// Waits until the task is suspended (returns `true`), or has run `spinning` jobs without
  /// suspending (returns `false`: it is looping, and will not wait on its own).
  public func parked(orSpinningAfter spinning: Int = 10_000) async -> Bool {
    _ = await eventually { self.isSuspended || self.jobsRun >= spinning }
    return isSuspended
  }
}
