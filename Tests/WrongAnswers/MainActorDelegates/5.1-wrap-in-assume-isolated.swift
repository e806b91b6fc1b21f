// Wrong answer to exercise 5.1 · wrap-in-assume-isolated
// Mistake: "The closure is main-actor code and the UI updates fine in my app: tell the compiler it is."
// Anti-pattern: wrap-in-assume-isolated
// Failure says: MainActor.assumeIsolated traps on the loader's background queue

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
    MainActor.assumeIsolated { forward(batch) }
  }
}
