// Wrong answer to exercise 6.5 · no-finish
// Mistake: "The loader stops calling once it is done, and the consumer sees no more batches."
// Anti-pattern: unretained-delegate
// Failure says: The gallery's stream never ended, though the loader lost no batch

import LegacyKit

/// The dashboard's gallery, from the legacy background-delegate loader.
public struct LoaderGallerySource: GallerySource {
  /// Makes the loader, given the delegate it must call.
  public let makeLoader: @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader

  /// A source whose loaders are made by `makeLoader`.
  public init(makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) {
    self.makeLoader = makeLoader
  }

  public func gallery() -> AsyncStream<[UIImage]> {
    AsyncStream { continuation in
      let delegate = GalleryDelegate(continuation)
      let loader = makeLoader(delegate)
      // The loader's reference to its delegate is weak: the stream keeps it alive.
      continuation.onTermination = { _ in withExtendedLifetime(delegate) { loader.stop() } }
      loader.start()
    }
  }
}

/// Yields each batch into the gallery's stream, and finishes it with the loader.
private final class GalleryDelegate: ImageBatchLoaderDelegate, Sendable {
  private let continuation: AsyncStream<[UIImage]>.Continuation

  init(_ continuation: AsyncStream<[UIImage]>.Continuation) {
    self.continuation = continuation
  }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    continuation.yield(batch)
  }

}
