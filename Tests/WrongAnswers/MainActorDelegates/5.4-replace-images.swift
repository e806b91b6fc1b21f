// Wrong answer to exercise 5.4 · replace-images
// Mistake: "Each batch is what the screen shows now: assign it."
// Anti-pattern: replace-images
// Failure says: Append each batch, with for await, until the stream ends

import LegacyKit

/// The batches of a loader made by `makeLoader`, as a stream that ends when the loader does.
public func imageBatches(
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> AsyncStream<[UIImage]> {
  AsyncStream { continuation in
    let delegate = StreamingDelegate(continuation)
    let loader = makeLoader(delegate)
    continuation.onTermination = { _ in
      withExtendedLifetime(delegate) { loader.stop() }
    }
    loader.start()
  }
}

/// Yields each batch into a stream, and finishes it with the loader.
private final class StreamingDelegate: ImageBatchLoaderDelegate, Sendable {
  private let continuation: AsyncStream<[UIImage]>.Continuation

  init(_ continuation: AsyncStream<[UIImage]>.Continuation) {
    self.continuation = continuation
  }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    continuation.yield(batch)
  }

  func imageLoaderDidFinish(_ loader: ImageBatchLoader) {
    continuation.finish()
  }
}

/// A gallery that consumes a stream of batches.
@MainActor
public final class StreamingGalleryViewModel {
  /// Every image loaded so far.
  public private(set) var images: [UIImage] = []

  /// A view model with no images yet.
  public init() {}

  /// Appends every batch of `batches`, until the stream ends.
  public func load(_ batches: AsyncStream<[UIImage]>) async {
    for await batch in batches {
      images = batch
    }
  }
}
