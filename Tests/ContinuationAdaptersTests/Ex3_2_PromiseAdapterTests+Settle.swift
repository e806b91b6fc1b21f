import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

extension Ex3_2_PromiseAdapterTests {
  @Test(
    "The task resumes where the promise settles, from the code that settles it, whether the promise fulfills or rejects, proved in a child process"
  )
  func resumesWhereItSettles() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          for (path, script) in [
            ("a fulfilled", Script.succeed(Article.samples)), ("a rejected", Script.fail(LegacyError.offline)),
          ] {
            // The cloud's reply is handed to this test, which settles the promise on a queue of its own
            // while a task executor watches where the awaiting task is resumed from.
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
                "Settled on a queue of its own, \(path) promise resumed the awaiting task from another queue, after a hop: resume where the promise settles, with `on: nil`, so no queue (the main queue, or any other) stands between the settle and the task. [main-queue-handlers]"
              )
            }
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:), settled on a queue of its own")
  }
}

/// A task executor that says whether the awaiting task was resumed by the code that settled its
/// promise, while it settled: where `on: nil` handlers run, and where no hop to a queue does.
private final class SettleWatch: TaskExecutor, @unchecked Sendable {
  /// Marks the queue the promise is settled on, so that an enqueue can tell whether it came from there.
  private static let settling = DispatchSpecificKey<Bool>()
  private let settler: DispatchQueue = {
    let queue = DispatchQueue(label: "ex3.2.settler")
    queue.setSpecific(key: SettleWatch.settling, value: true)
    return queue
  }()
  private let queue = DispatchQueue(label: "ex3.2.settle-watch")
  /// Whether the settle began; for the first job enqueued after, whether it came from the settler's
  /// queue; and how many of the task's jobs have run to their end (after the first, it waits).
  private let state = Locked((began: false, firstAfterSettle: Bool?.none, ran: 0))

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let fromSettler = DispatchQueue.getSpecific(key: Self.settling) == true
    state.withLock { state in
      if state.began, state.firstAfterSettle == nil { state.firstAfterSettle = fromSettler }
    }
    queue.async {
      job.runSynchronously(on: self.asUnownedTaskExecutor())
      self.state.withLock { $0.ran += 1 }
    }
  }

  /// Runs `bodies` (the cloud's reply) on the settler's queue; whether the task was resumed from there:
  /// `nil` when it was not resumed within the kit's deadline.
  func settle(_ bodies: [@Sendable () -> Void]) async -> Bool? {
    // The task's first job ends where it waits for the promise: settle only then, so that the resume
    // finds it waiting, and enqueues it.
    _ = await eventually { self.state.withLock { $0.ran >= 1 } }
    state.withLock { $0.began = true }
    settler.async { for body in bodies { body() } }
    _ = await eventually { self.state.withLock { $0.firstAfterSettle != nil } }
    return state.withLock { $0.firstAfterSettle }
  }
}
