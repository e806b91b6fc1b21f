import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import MainActorDelegates
import Testing

@Suite("5.1 The handler: forward to the main actor", .exercise("5.1"))
struct Ex5_1_HandlerTests {
  // A handler that asserts it is on the main actor traps when it is not, so these checks run in a
  // child process: a trap there is reported here, as this exercise's failure.

  /// The sentence for a handler that trapped, with no message, inside the call on a background queue.
  static func trappedOffMain(_ queue: String) -> String {
    "The handler trapped on the \(queue) queue, and a failed isolation check is the trap that leaves no message there: MainActor.assumeIsolated traps on the loader's background queue. Do not assume where you are: hop to the main actor, as the lesson's handler does. [wrap-in-assume-isolated]"
  }

  @Test(
    "Every batch reaches the closure on the main actor, though the delegate ran on a background queue, proved in a child process"
  )
  func forwardsOnTheMainActor() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let recorder = BatchRecorder()
          let handler = ImageBatchHandler { batch in recorder.record(batch) }
          let marking = MarkingDelegate(handler)
          let loader = ImageBatchLoader(
            delegate: marking, plan: .init(batches: 3, queue: QueueProbe.make("loader's background")))
          loader.start()
          let arrived = await recorder.wait(for: 3)
          withExtendedLifetime(marking) {}
          guard arrived else {
            throw ResumeProbe.ProbeFailure(
              "only \(await recorder.batches.count) of 3 batches reached didLoadBatch: forward every batch [drops-batches]"
            )
          }
          let offMain = await recorder.offMainQueue
          guard offMain == 0 else {
            throw ResumeProbe.ProbeFailure(
              "\(offMain) batches reached didLoadBatch off the main queue: hop to the main actor [calls-off-main]")
          }
        }
      }
    }
    expectFinished(child, "ImageBatchHandler", ifTrappedInCall: Self.trappedOffMain)
  }

  @Test("Batches delivered back to back reach the closure in the loader's order, proved in a child process")
  func keepsTheOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        // Longer than the wait for the batches below, so a batch that never comes is named as dropped.
        await ResumeProbe.run(within: 10) {
          // Tasks on the pool start out of creation order, as the language allows: a task per
          // callback then overtakes on every run, not only when the scheduler happens to.
          JobSwapping.begin()
          defer { JobSwapping.end() }
          let recorder = BatchRecorder()
          let handler = ImageBatchHandler { batch in recorder.record(batch) }
          let marking = MarkingDelegate(handler)
          let loader = ImageBatchLoader(
            delegate: marking,
            plan: .init(batches: 200, imagesPerBatch: 1, interval: 0, queue: QueueProbe.make("loader's background")))
          loader.start()
          let arrived = await recorder.wait(for: 200, within: 5)
          withExtendedLifetime(marking) {}
          guard arrived else {
            throw ResumeProbe.ProbeFailure(
              "only \(await recorder.batches.count) of 200 batches reached didLoadBatch: forward every batch [drops-batches]"
            )
          }
          let order = await recorder.order
          let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
          guard inversions == 0 else {
            throw ResumeProbe.ProbeFailure(
              "batches reached didLoadBatch out of order (\(inversions) times in 200). A task that starts on the concurrent pool (Task { await didLoadBatch(batch) }, Task.detached, or Task { await MainActor.run { ... } }) races the others to the main actor: hop with Task { @MainActor in didLoadBatch(batch) } [task-per-callback]"
            )
          }
        }
      }
    }
    expectFinished(child, "ImageBatchHandler", ifTrappedInCall: Self.trappedOffMain)
  }

  // In a test process the main queue does not run on the process's main thread (on Linux), so a handler
  // that delivers at once when `Thread.isMainThread` says it is there never takes that path here. In an
  // app the main queue is the main thread: this builds the file into a small program of its own, whose
  // main queue is its main thread, and hands over two batches in one turn of it.
  @Test(
    "A batch handed over on the main queue, right after one from the loader's queue, comes after it, proved in a program of its own"
  )
  func mainQueueBatchKeepsItsPlace() async {
    guard let program = await RaceProgram.run("5.1", driver: Self.mainThreadDriver) else { return }
    // Nothing delivered, by a file that still holds the stub's line: not started, which the kit reports.
    if program.text.contains("DELIVERED: 0"), ExerciseSource.code(of: "5.1")?.contains("NotStarted(\"5.1\")") == true {
      _ = NotStarted("5.1")
      return
    }
    guard let broken = program.broken else { return }
    Issue.record(
      "The loader handed over a batch from its background queue and then, in the same turn of the main queue, another on the main queue itself, and \(broken). In an app the main queue is the main thread, and a batch delivered at once because the handler found itself there jumps ahead of one still waiting for its hop. Hop the same way for every batch, wherever it comes from: Task { @MainActor in didLoadBatch(batch) }. [task-per-callback]"
    )
  }

  /// The program's `@main` for ``mainQueueBatchKeepsItsPlace()``: its main thread runs the main run loop,
  /// which serves the main queue there, as an app's does (on Linux, `dispatchMain()` and an async `main`
  /// leave the main queue to another thread).
  static let mainThreadDriver = """
    import Dispatch
    import Foundation
    import LegacyKit

    // NSCondition, a lock the harness does not stand in for.
    final class Seen: @unchecked Sendable {
      let lock = NSCondition()
      var sizes: [Int] = []
      func add(_ size: Int) { lock.lock(); sizes.append(size); lock.unlock() }
      var all: [Int] { lock.lock(); defer { lock.unlock() }; return sizes }
    }

    @main struct RaceDriver {
      static func main() {
        let seen = Seen()
        let handler = ImageBatchHandler { batch in seen.add(batch.count) }
        let loader = ImageBatchLoader(delegate: nil)
        DispatchQueue.main.async {
          let handedOver = DispatchSemaphore(value: 0)
          DispatchQueue.global().async {
            handler.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(0, size: 1))
            handedOver.signal()
          }
          // A handler that waits for the main queue never returns here: the other tests name that.
          guard handedOver.wait(timeout: .now() + 5) == .success else { return }
          handler.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(1, size: 2))
        }
        Thread.detachNewThread {
          for _ in 0..<5_000 where seen.all.count < 2 { Thread.sleep(forTimeInterval: 0.001) }
          if seen.all == [2, 1] {
            print("RACE BROKE: the second batch reached didLoadBatch before the first")
            exit(1)
          }
          print("DELIVERED: \\(seen.all.count)")
          exit(0)
        }
        RunLoop.main.run()
      }
    }
    """

  @Test("Called from the main queue itself, the handler neither blocks nor deadlocks, proved in a child process")
  func noDeadlockOnMain() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let recorder = BatchRecorder()
          let marking = MarkingDelegate(ImageBatchHandler { batch in recorder.record(batch) })
          let loader = ImageBatchLoader(delegate: nil)
          await MainActor.run { marking.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(0, size: 1)) }
          guard await recorder.wait(for: 1) else {
            throw ResumeProbe.ProbeFailure("the batch never reached didLoadBatch [drops-batches]")
          }
        }
      }
    }
    let waitsForItself =
      "DispatchQueue.main.sync waits for itself there: hop to the main actor without waiting for it, so the call returns at once."
    expectFinished(
      child, "ImageBatchHandler called on the main queue",
      ifTrappedInCall: { _ in
        "Called on the main queue, the handler trapped with no message, which is how libdispatch stops a DispatchQueue.main.sync that would deadlock: \(waitsForItself) [main-sync]"
      },
      ifHung: "Called on the main queue, the handler never delivered the batch: \(waitsForItself) [main-sync]")
  }

  @Test(
    "While the main queue is busy, the delegate method returns at once: the loader's queue never waits, proved in a child process"
  )
  func neverBlocksTheLoader() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let recorder = BatchRecorder()
          let handler = ImageBatchHandler { batch in recorder.record(batch) }
          let loader = ImageBatchLoader(delegate: nil)
          // The main queue is held busy while the loader's callbacks run: a handler that waits for it
          // blocks, and one that lets a newer batch take a waiting one's place shows it every time.
          try await withMainQueueHeld("imageLoader(_:didLoadBatch:) while the main queue is busy") {
            for index in 0..<3 {
              handler.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(index, size: index + 1))
            }
          }
          guard await recorder.wait(for: 3) else {
            throw ResumeProbe.ProbeFailure(
              "the loader handed over three batches while the main queue was busy, and only \(await recorder.batches.count) reached didLoadBatch once it was free: forward every batch, each with a hop of its own [drops-batches]"
            )
          }
        }
      }
    }
    expectFinished(
      child, "ImageBatchHandler called on a background queue while the main queue was busy",
      ifHung:
        "While the main queue was busy, the delegate method did not return: it waited for the main actor, which holds the loader's queue hostage. Hop to the main actor without waiting for it, and return at once; never DispatchQueue.main.sync. [sync-unless-on-main] [main-sync]"
    )
  }

  @Test(
    "A batch handed over before the handler is released still reaches the closure: the hop keeps the closure, not the handler, proved in a child process"
  )
  func inFlightBatchOutlivesTheHandler() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) {
          let recorder = BatchRecorder()
          let loader = ImageBatchLoader(delegate: nil)
          // The main queue is held while the batch is handed over and the handler let go: the hop is
          // still waiting to run when the last reference to the handler goes, every time.
          try await withMainQueueHeld("imageLoader(_:didLoadBatch:), then the handler let go") {
            var handler: ImageBatchHandler? = ImageBatchHandler { batch in recorder.record(batch) }
            handler?.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(0, size: 1))
            handler = nil
          }
          // A second for the hop, as in the other tests; the scenario's deadline is longer, so a batch
          // that never comes is this sentence, not a hang.
          guard await recorder.wait(for: 1) else {
            throw ResumeProbe.ProbeFailure(
              "the loader handed the handler a batch, and the handler was let go before its hop ran: the batch never reached didLoadBatch. The screen loses a batch it was given. What the hop needs is the closure, not the handler: keep the closure, and a handler that goes away cannot take a batch with it. [weak-handler]"
            )
          }
        }
      }
    }
    expectFinished(child, "ImageBatchHandler let go while its batch was on its way to the main actor")
  }
}
