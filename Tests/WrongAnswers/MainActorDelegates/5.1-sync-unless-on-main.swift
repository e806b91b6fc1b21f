// Wrong answer to exercise 5.1 · sync-unless-on-main
// Mistake: "DispatchQueue.main.sync delivers the batches one at a time in the loader's order without a Task per batch, and the deadlock the lesson warns about only happens on the main queue, so there I call the closure directly."
// Anti-pattern: sync-unless-on-main
// Failure says: While the main queue was busy, the delegate method did not return

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
    let didLoadBatch = self.didLoadBatch
    if MainQueue.isCurrent {
      // On the main queue already: `main.sync` would wait for itself here.
      MainActor.assumeIsolated { didLoadBatch(batch) }
    } else {
      // One batch at a time, in the loader's order, and no Task allocated per batch.
      DispatchQueue.main.sync { didLoadBatch(batch) }
    }
  }
}
