// Exercise 5.3 · Keep the batches in order · solution

import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  private let batches: AsyncStream<[UIImage]>.Continuation

  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    // One stream, one consumer: the order the loader yields is the order the main actor sees,
    // whatever the scheduler does. (A task per callback gives no such promise.)
    let (stream, continuation) = AsyncStream.makeStream(of: [UIImage].self)
    batches = continuation
    Task { @MainActor in
      for await batch in stream { didLoadBatch(batch) }
    }
  }

  deinit {
    batches.finish()  // ends the consuming task once the handler is gone
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    batches.yield(batch)
  }
}
