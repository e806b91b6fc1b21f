// Wrong answer to exercise 5.3 · no-finish-in-deinit
// Mistake: "The loader never finishes a gallery, so neither does the stream: the consumer simply waits for more."
// Anti-pattern: consumer-captures-handler
// Failure says: finish the stream in the handler's deinit

import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  private let batches: AsyncStream<[UIImage]>.Continuation

  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    let (stream, continuation) = AsyncStream.makeStream(of: [UIImage].self)
    batches = continuation
    Task { @MainActor in
      for await batch in stream { didLoadBatch(batch) }
    }
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    batches.yield(batch)
  }
}
