import CourseKit
import Foundation
import LegacyKit
import MainActorDelegates
import Testing

@Suite("5.1 The handler: forward to the main actor", .exercise("5.1"))
struct Ex5_1_HandlerTests {
  // A handler that asserts it is on the main actor traps when it is not, so these checks run in a
  // child process: a trap there is reported here, as this exercise's failure.

  @Test(
    "Every batch reaches the closure on the main actor, though the delegate ran on a background queue, proved in a child process"
  )
  func forwardsOnTheMainActor() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run(within: 2) {
        let recorder = BatchRecorder()
        let handler = ImageBatchHandler { batch in recorder.record(batch) }
        let loader = ImageBatchLoader(delegate: handler, plan: .init(batches: 3))
        loader.start()
        let arrived = await recorder.wait(for: 3)
        withExtendedLifetime(handler) {}
        guard arrived else {
          throw ResumeProbe.ProbeFailure(
            "only \(await recorder.batches.count) of 3 batches reached didLoadBatch: forward every batch")
        }
        let offMain = await recorder.offMainQueue
        guard offMain == 0 else {
          throw ResumeProbe.ProbeFailure(
            "\(offMain) batches reached didLoadBatch off the main queue: hop to the main actor")
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "ImageBatchHandler (hop with Task { @MainActor in }; MainActor.assumeIsolated traps on the loader's background queue)"
    )
  }

  @Test("Called from the main queue itself, the handler neither blocks nor deadlocks, proved in a child process")
  func noDeadlockOnMain() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run {
        let recorder = BatchRecorder()
        let handler = ImageBatchHandler { batch in recorder.record(batch) }
        let loader = ImageBatchLoader(delegate: nil)
        await MainActor.run { handler.imageLoader(loader, didLoadBatch: ImageBatchLoader.batch(0, size: 1)) }
        guard await recorder.wait(for: 1) else {
          throw ResumeProbe.ProbeFailure("the batch never reached didLoadBatch")
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "ImageBatchHandler called on the main queue (DispatchQueue.main.sync waits for itself there: hop asynchronously)")
  }
}
