// Wrong answer to exercise 5.3 · task-per-callback
// Mistake: "A Task per batch hops to the main actor; the loader delivers in order, so they arrive in order."
// Anti-pattern: task-per-callback
// Failure says: A task per callback starts on the concurrent pool and races to the main actor

import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  private let didLoadBatch: @MainActor @Sendable ([UIImage]) -> Void

  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    self.didLoadBatch = didLoadBatch
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    let forward = didLoadBatch
    Task { await forward(batch) }
  }
}
