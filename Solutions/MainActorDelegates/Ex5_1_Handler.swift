// Exercise 5.1 · The handler: forward to the main actor · solution

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
    // A task isolated to the main actor is enqueued there at once, in the order it was created;
    // the loader's queue is not blocked, and nothing assumes which thread we are on.
    let forward = didLoadBatch
    Task { @MainActor in forward(batch) }
  }
}
