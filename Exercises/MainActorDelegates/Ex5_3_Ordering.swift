// Exercise 5.3 · Keep the batches in order
// Grade 3 (challenge) · Lesson: Docs/05-mainactor-delegates.md#order
// Check it: swift run course check 5.3   (or: swift test --filter MainActorDelegatesTests.Ex5_3_OrderingTests)
//
// The lesson's first handler hopped with `Task { await didLoadBatch(batch) }`: one
// task per callback. Those tasks start on the concurrent pool and race each other to
// the main actor, so batches can arrive out of order.
// Write `OrderedBatchHandler` so that `didLoadBatch` sees the batches in exactly the
// order the loader delivered them, for a thousand batches delivered back to
// back. [task-per-callback]
// Every batch arrives, on the main actor, the ones handed over just before the handler
// went away too. [newest-only]
// A handler that goes away ends its consumer, and the consumer does not keep the handler
// alive. [consumer-captures-handler]

import CourseCatalog
import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    _ = NotStarted("5.3")  // Replace this line (and add what the handler needs).
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    _ = NotStarted("5.3")  // Replace this line.
  }
}
