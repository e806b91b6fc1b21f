import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import Testing

@Suite("5.3 Keep the batches in order", .exercise("5.3"))
struct Ex5_3_OrderingTests {
  @Test("A thousand batches delivered back to back arrive in order, three times over, proved in a child process")
  func thousandInOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          // Tasks on the pool start out of creation order, as the language allows: a task per
          // callback then overtakes every time, not on the rare run when the scheduler happens to.
          JobSwapping.begin()
          defer { JobSwapping.end() }
          for round in 1...3 {
            let recorder = BatchRecorder()
            let handler = OrderedBatchHandler { batch in recorder.record(batch) }
            let loader = ImageBatchLoader(delegate: handler, plan: .init(batches: 1000, imagesPerBatch: 1, interval: 0))
            loader.start()
            let arrived = await recorder.wait(for: 1000, within: 5)
            withExtendedLifetime(handler) {}
            guard arrived else {
              throw ResumeProbe.ProbeFailure(
                "round \(round): only \(await recorder.batches.count) of 1,000 batches arrived, though the loader delivered them all. Every batch must arrive: a stream that buffers only some (.bufferingNewest, .bufferingOldest) drops what its consumer has not read yet [newest-only]"
              )
            }
            let order = await recorder.order
            let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
            guard inversions == 0 else {
              throw ResumeProbe.ProbeFailure(
                "round \(round): batches arrived out of order (\(inversions) times). A task per callback starts on the concurrent pool and races to the main actor; feed one stream, consumed by one task on the main actor [task-per-callback]"
              )
            }
            guard await recorder.offMainQueue == 0 else {
              throw ResumeProbe.ProbeFailure(
                "batches reached didLoadBatch off the main actor: consume the stream in one task on the main actor [newest-only]"
              )
            }
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "OrderedBatchHandler")
  }

  @Test(
    "A burst of 5,000 batches delivered while the main actor is busy all arrive, in order, proved in a child process")
  func burstWhileBusy() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          // The main actor is busy while the loader delivers the whole burst: whatever reads on
          // it has read nothing yet, so a buffer of any small size (eight, a thousand) is full.
          let recorder = BatchRecorder()
          let handler = OrderedBatchHandler { batch in recorder.record(batch) }
          let loader = ImageBatchLoader(delegate: handler, plan: .init(batches: 5000, imagesPerBatch: 1, interval: 0))
          let delivered = try await withMainQueueHeld(seconds: 10, "a burst of 5,000 batches") {
            loader.start()
            return await eventually(within: 10) { loader.deliveredBatches == 5000 }
          }
          let arrived = await recorder.wait(for: 5000, within: 10)
          withExtendedLifetime(handler) {}
          let count = await recorder.batches.count
          guard arrived || !delivered else {
            throw ResumeProbe.ProbeFailure(
              "The loader delivered 5,000 batches while the main actor was busy, and \(count) arrived: every batch arrives, however many come before the main actor reads, so the stream buffers them all (.unbounded); a buffer of any size drops what its consumer has not read yet. [newest-only]"
            )
          }
          let order = await recorder.order
          let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
          guard inversions == 0 else {
            throw ResumeProbe.ProbeFailure(
              "5,000 batches delivered while the main actor was busy arrived out of order (\(inversions) times), which \"A thousand batches delivered back to back\" explains. [task-per-callback]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "OrderedBatchHandler")
  }

  @Test(
    "Batches handed over before the handler goes away still arrive, every one, in order, proved in a child process")
  func batchesOutliveTheHandler() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) { try await Self.batchesOutliveTheHandlerInTheChild() }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "OrderedBatchHandler")
  }

  /// In the child: three batches handed over while the main actor is busy, the handler let go
  /// before it reads any; a finished stream still gives its consumer what it holds.
  static func batchesOutliveTheHandlerInTheChild() async throws {
    // A handler that hands a batch on from a `Task` of its own has not handed it on when the
    // loader's call returns, so its handler may go before it does: "A thousand batches delivered
    // back to back" speaks to it, and this test is for handlers that hand each batch on in the call.
    // Of two batches handed over at once, the first may wake a consumer waiting off the main actor
    // (one job for the pool); the second only joins the stream, unless a task carries each (two).
    let probe = OrderedBatchHandler { _ in }
    let idle = ImageBatchLoader(delegate: nil)
    let handed = JobSwapping.poolJobs {
      for batch in 0..<2 { probe.imageLoader(idle, didLoadBatch: [UIImage(name: "batch-\(batch)-image-0")]) }
    }
    withExtendedLifetime(probe) {}
    if let handed, handed >= 2 { return }
    for letGo in [false, true] {
      let recorder = BatchRecorder()
      let handler = Locked<OrderedBatchHandler?>(OrderedBatchHandler { batch in recorder.record(batch) })
      let loader = ImageBatchLoader(
        delegate: handler.withLock { $0 }, plan: .init(batches: 3, imagesPerBatch: 1, interval: 0))
      let delivered = try await withMainQueueHeld(seconds: 10, "three batches, then the handler let go") {
        loader.start()
        let delivered = await eventually(within: 10) { loader.deliveredBatches == 3 }
        if letGo { handler.withLock { $0 = nil } }
        return delivered
      }
      _ = await recorder.wait(for: 3)
      withExtendedLifetime(handler) {}
      let order = await recorder.order
      // With the handler kept, a batch lost or out of order is the burst test's to say.
      guard letGo, delivered else {
        if order != [0, 1, 2] { return }
        continue
      }
      guard order == [0, 1, 2] else {
        throw ResumeProbe.ProbeFailure(
          "The loader handed over 3 batches, the handler went away before the main actor read them, and \(order.isEmpty ? "none" : "batches \(order)") arrived: every batch the loader delivered arrives, even once its handler is gone. Finishing the stream keeps what it holds for its consumer; a consumer that reaches the handler weakly, or checks it is still there, drops them. Capture the stream and didLoadBatch in the consumer, not the handler. [newest-only]"
        )
      }
    }
  }

  @Test("A handler that goes away ends its consumer, and the consumer does not keep the handler alive")
  func consumerEndsWithTheHandler() async {
    let probe = LeakProbe()
    do {
      let captured = Captured()
      let recorder = BatchRecorder()
      let handler = OrderedBatchHandler { batch in
        withExtendedLifetime(captured) {}
        recorder.record(batch)
      }
      probe.track(handler, "the handler")
      probe.track(captured, "what didLoadBatch captures")
      let loader = ImageBatchLoader(delegate: handler, plan: .init(batches: 3, imagesPerBatch: 1, interval: 0))
      loader.start()
      _ = await recorder.wait(for: 3)
    }
    _ = await eventually { probe.alive.isEmpty }
    let alive = probe.alive
    if alive.contains("the handler") {
      Issue.record(
        "The handler is still alive after everything let go of it: its consumer task captures it (self), and that task lives as long as the stream, which the handler was to finish. Capture only the stream and didLoadBatch in the consumer task. [consumer-captures-handler]"
      )
    } else if alive.contains("what didLoadBatch captures") {
      Issue.record(
        "The handler went away, but its consumer task goes on waiting for batches that can never come, holding didLoadBatch and everything it captures: finish the stream in the handler's deinit. [consumer-captures-handler]"
      )
    }
  }
}

/// Something a `didLoadBatch` closure captures, to see whether the closure, and so the task that holds it, is still alive.
private final class Captured: Sendable {}
