import CourseKit
import Foundation
import LegacyKit
import MainActorDelegates
import MainActorDelegatesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex5_1_HandlerTests {
  // In a child process, as the suite's other checks: a handler that assumes the main actor traps off it.
  @Test(
    "On drawn batches (none, one, many, empty ones, images in any order, repeats), didLoadBatch gets what the reference forwards, proved in a child process"
  )
  func generatedBatches() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.generatedBatchesInTheChild()
      }
    }
    // A trap is said in the kit's words, with the runtime's: the suite's first test names its cause.
    expectFinished(child, "ImageBatchHandler")
  }

  /// In the child: the handler and the reference, each handed the same drawn batches on a background queue.
  static func generatedBatchesInTheChild() async {
    await ResumeProbe.run(within: 20) {
      let failure = await Generated.check(
        Gen.gallery(batches: 0...12), describe: { "batches \(Said.gallery($0)) handed over back to back" }
      ) { batches in
        let forwarded = try? await withDeadline("ImageBatchHandler over drawn batches") {
          (
            await Self.forwarded(batches) { MainActorDelegates.ImageBatchHandler(didLoadBatch: $0) },
            await Self.forwarded(batches) { MainActorDelegatesReference.ImageBatchHandler(didLoadBatch: $0) }
          )
        }
        guard let (got, expected) = forwarded else {
          return
            "The batches never all reached the main actor: the handler blocked, or waited for itself, which \"Called from the main queue itself\" explains. [main-sync]"
        }
        return Self.difference(batches, got: got, expected: expected)
      }
      if let failure { throw ResumeProbe.ProbeFailure(sentence(of: failure)) }
    }
  }

  /// What `didLoadBatch` got from a handler made by `handler`, handed `batches` one after another on a
  /// background queue, once the main actor has run what was sent to it.
  static func forwarded<Handler: ImageBatchLoaderDelegate & Sendable>(
    _ batches: [[UIImage]], _ handler: (@escaping @MainActor @Sendable ([UIImage]) -> Void) -> Handler
  ) async -> [[UIImage]] {
    let recorder = BatchRecorder()
    let marking = MarkingDelegate(handler { batch in recorder.record(batch) })
    let loader = ImageBatchLoader(delegate: nil)
    let queue = QueueProbe.make("loader's background")
    for batch in batches { queue.sync { marking.imageLoader(loader, didLoadBatch: batch) } }
    // The hops were sent before these, and the main actor runs its jobs in the order they came.
    for _ in 0..<2 { await Task { @MainActor in }.value }
    return await recorder.batches
  }

  /// How the batches forwarded differ from the reference's, in the lesson's words, or `nil` when they do not.
  static func difference(_ batches: [[UIImage]], got: [[UIImage]], expected: [[UIImage]]) -> String? {
    guard got != expected else { return nil }
    // Which of the expected batches arrived, matched in order.
    var next = 0
    var matched = 0
    for batch in got {
      while next < expected.count, expected[next] != batch { next += 1 }
      guard next < expected.count else { break }
      matched += 1
      next += 1
    }
    guard matched == got.count else {
      return
        "Of \(expected.count) batches handed over in order, didLoadBatch got \(Said.gallery(got)): out of order, or changed. Batches reach didLoadBatch as the loader delivered them, in its order, which \"Batches delivered back to back\" explains. [task-per-callback]"
    }
    return
      "Of \(expected.count) batches handed over, didLoadBatch got \(got.count) (\(Said.gallery(got))), where every one is forwarded, an empty batch too (forward every batch), which \"Every batch reaches the closure\" or \"Batches delivered back to back\" explains. [drops-batches]"
  }
}

private func sentence(of failure: Generated.Failure) -> String {
  "With \(failure.scenario) (the smallest of the scenarios drawn from seed \(failure.seed) that breaks it, first seen in scenario \(failure.trial)): \(failure.sentence)"
}
