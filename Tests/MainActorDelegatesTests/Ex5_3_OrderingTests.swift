import CourseKit
import Foundation
import LegacyKit
import MainActorDelegates
import Testing

@Suite("5.3 Keep the batches in order", .exercise("5.3"))
struct Ex5_3_OrderingTests {
  @Test("A thousand batches delivered back to back arrive in order, three times over, proved in a child process")
  func thousandInOrder() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
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
              "round \(round): only \(await recorder.batches.count) of 1,000 batches arrived")
          }
          let order = await recorder.order
          let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
          guard inversions == 0 else {
            throw ResumeProbe.ProbeFailure(
              "round \(round): batches arrived out of order (\(inversions) times). A task per callback starts on the concurrent pool and races to the main actor; feed one stream, consumed by one task on the main actor"
            )
          }
          guard await recorder.offMainQueue == 0 else {
            throw ResumeProbe.ProbeFailure("batches arrived off the main actor")
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "OrderedBatchHandler")
  }
}
