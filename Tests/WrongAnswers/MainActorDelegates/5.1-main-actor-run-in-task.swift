// Wrong answer to exercise 5.1 · main-actor-run-in-task
// Mistake: "MainActor.run is how you get onto the main actor; it needs async, so wrap it in a Task."
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
    Task { await MainActor.run { forward(batch) } }
  }
}
