import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

extension Ex3_2_PromiseAdapterTests {
  @Test(
    "The task resumes where the promise settles, on the thread that settles it, whether the promise fulfills or rejects, proved in a child process"
  )
  func resumesWhereItSettles() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          for (path, script) in [
            ("a fulfilled", Script.succeed(Article.samples)), ("a rejected", Script.fail(LegacyError.offline)),
          ] {
            // The cloud's reply is handed to this test, which settles the promise on a thread of its own
            // while a task executor watches where the awaiting task is resumed.
            let replies = Locked<[@Sendable () -> Void]?>(nil)
            let cloud = ArticleCloud()
            cloud.articles.script(script.handed(to: { bodies in replies.withLock { $0 = bodies } }))
            let watch = SettleWatch()
            let task = Task(executorPreference: watch) {
              try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)
            }
            // A repository that never asks the cloud has nothing to settle here: the other tests say so.
            guard await eventually({ replies.withLock { $0 } != nil }), let bodies = replies.withLock({ $0 }) else {
              return
            }
            let resumedThere = await watch.settle(bodies)
            _ = await withDeadlineResult("latest(refresh:) on \(path) promise") { try await task.value }
            if resumedThere == false {
              throw ResumeProbe.ProbeFailure(
                "Settled on a thread of its own, \(path) promise resumed the awaiting task from another thread, after a hop: resume where the promise settles, with `on: nil`, so no queue (the main queue, or any other) stands between the settle and the task. [main-queue-handlers]"
              )
            }
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:), settled on a thread of its own")
  }
}

/// A task executor that says whether the awaiting task was resumed on the thread that settled its
/// promise, while it settled: where `on: nil` handlers run, and where no hop to a queue does.
private final class SettleWatch: TaskExecutor, @unchecked Sendable {
  private let lock = NSLock()
  private var settler: Thread?
  private var settling = false
  /// For the first job enqueued once the settle began: whether it came from the settler, while it settled.
  private var firstAfterSettle: Bool?
  /// How many of the task's jobs have run to their end: after the first, it waits for its promise.
  private var ran = 0
  private let queue = DispatchQueue(label: "ex3.2.settle-watch")

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    lock.lock()
    if settler != nil, firstAfterSettle == nil {
      firstAfterSettle = settling && Thread.current === settler
    }
    lock.unlock()
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.lock.withLock { self.ran += 1 }
    }
  }

  /// Runs `bodies` (the cloud's reply) on a thread of its own; whether the task was resumed there,
  /// while they ran: `nil` when it was not resumed within the kit's deadline.
  func settle(_ bodies: [@Sendable () -> Void]) async -> Bool? {
    // The task's first job ends where it waits for the promise: settle only then, so that the resume
    // finds it waiting, and enqueues it.
    _ = await eventually { self.lock.withLock { self.ran >= 1 } }
    let done = DispatchSemaphore(value: 0)
    let thread = Thread { [self] in
      lock.lock()
      settler = Thread.current
      settling = true
      lock.unlock()
      for body in bodies { body() }
      lock.lock()
      settling = false
      lock.unlock()
      done.signal()
    }
    thread.start()
    _ = await eventually { done.wait(timeout: .now()) == .success }
    _ = await eventually { self.lock.withLock { self.firstAfterSettle != nil } }
    return lock.withLock { firstAfterSettle }
  }
}
