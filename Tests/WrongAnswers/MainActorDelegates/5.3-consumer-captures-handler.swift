// Wrong answer to exercise 5.3 · consumer-captures-handler
// Mistake: "The consumer reads the stream the handler stores; a task on the main actor cannot make a cycle."
// Anti-pattern: consumer-captures-handler
// Failure says: its consumer task captures it (self)

import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  private let stream: AsyncStream<[UIImage]>
  private let batches: AsyncStream<[UIImage]>.Continuation
  private let didLoadBatch: @MainActor @Sendable ([UIImage]) -> Void

  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    (stream, batches) = AsyncStream.makeStream(of: [UIImage].self)
    self.didLoadBatch = didLoadBatch
    Task { @MainActor in
      for await batch in self.stream { self.didLoadBatch(batch) }
    }
  }

  deinit {
    batches.finish()
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    batches.yield(batch)
  }
}
