// Wrong answer to exercise 5.1 · weak-handler
// Mistake: "A task that captures self keeps the handler alive: capture it weakly, and a handler that
//   is gone simply has nobody left to forward to."
// Anti-pattern: weak-handler
// Failure says: the handler was let go before its hop ran: the batch never reached didLoadBatch

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
    // No retain cycle: the task holds the handler weakly.
    Task { @MainActor [weak self] in self?.didLoadBatch(batch) }
  }
}
