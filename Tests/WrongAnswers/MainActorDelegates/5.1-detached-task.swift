// Wrong answer to exercise 5.1 · detached-task
// Mistake: "A detached task does not inherit anything, so it cannot block the loader, and await takes it to the main actor."
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
    Task.detached { await forward(batch) }
  }
}
