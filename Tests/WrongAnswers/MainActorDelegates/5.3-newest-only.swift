// Wrong answer to exercise 5.3 · newest-only
// Mistake: "The screen only needs the latest batch, and an unbounded buffer can grow without limit: keep the newest."
// Anti-pattern: newest-only
// Failure says: Every batch must arrive

import LegacyKit

/// Forwards batches to the main actor in the order the loader delivered them.
public final class OrderedBatchHandler: ImageBatchLoaderDelegate, Sendable {
  private let batches: AsyncStream<[UIImage]>.Continuation

  /// A handler that forwards to `didLoadBatch`, in order.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    let (stream, continuation) = AsyncStream.makeStream(of: [UIImage].self, bufferingPolicy: .bufferingNewest(1))
    batches = continuation
    Task { @MainActor in
      for await batch in stream { didLoadBatch(batch) }
    }
  }

  deinit {
    batches.finish()
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    batches.yield(batch)
  }
}
