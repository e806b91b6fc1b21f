// Wrong answer to exercise 5.1 · main-sync
// Mistake: "Hop to the main queue, as in UIKit days, and wait so the batch is on screen before the loader goes on."
// Anti-pattern: main-sync
// Failure says: DispatchQueue.main.sync waits for itself there

import Dispatch
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
    DispatchQueue.main.sync { forward(batch) }
  }
}
