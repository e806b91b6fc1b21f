// Wrong answer to exercise 6.5 · default-loader
// Mistake: "Make the loader with the delegate directly; the factory is only there for tests."
// Anti-pattern: default-loader
// Failure says: gallery() never called makeLoader

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
      let loader = ImageBatchLoader(delegate: delegate)
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

  func imageLoaderDidFinish(_ loader: ImageBatchLoader) {
    continuation.finish()
  }
}
