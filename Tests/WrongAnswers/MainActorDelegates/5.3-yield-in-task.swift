// Wrong answer to exercise 5.3 · yield-in-task
// Mistake: "One stream and one consumer, as the lesson says; yielding from a Task keeps the delegate method quick."
// Anti-pattern: task-per-callback
// Failure says: A task per callback starts on the concurrent pool and races to the main actor

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

  deinit {
    batches.finish()
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    let batches = self.batches
    Task { batches.yield(batch) }
  }
}
