// Wrong answer to exercise 5.1 · task-per-callback
// Mistake: "A delegate method is not async, so I start a Task and await the closure in it."
// Anti-pattern: task-per-callback
// Failure says: races the others to the main actor

import LegacyKit

/// Forwards the loader's batches, from its background queue, to a main-actor closure.
public final class ImageBatchHandler: ImageBatchLoaderDelegate, Sendable {
  /// Receives each batch, on the main actor.
  public let didLoadBatch: @MainActor @Sendable ([UIImage]) -> Void

  /// A handler that forwards to `didLoadBatch`.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    self.didLoadBatch = didLoadBatch
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    let forward = didLoadBatch
    Task { await forward(batch) }
  }
}
