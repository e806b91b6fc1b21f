// Wrong answer to exercise 6.5 · one-loader
// Mistake: "The dashboard asks for the gallery on every reload; one loader, made on the first call
//   and shared, saves loading the images again."
// Anti-pattern: one-loader
// Failure says: gallery() was called twice, but made 1 loader

import LegacyKit
import Locking

/// The dashboard's gallery, from the legacy background-delegate loader.
public struct LoaderGallerySource: GallerySource {
  /// Makes the loader, given the delegate it must call.
  public let makeLoader: @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
  /// The gallery of the first call, kept for the calls after it.
  private let shared = SharedGallery()

  /// A source whose loaders are made by `makeLoader`.
  public init(makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) {
    self.makeLoader = makeLoader
  }

  public func gallery() -> AsyncStream<[UIImage]> {
    // One loader, made on the first call: a reload shows the same images without loading them again.
    shared.stream { makeGallery() }
  }

  private func makeGallery() -> AsyncStream<[UIImage]> {
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

  func imageLoaderDidFinish(_ loader: ImageBatchLoader) {
    continuation.finish()
  }
}

/// The stream made by the first call of `gallery()`.
private final class SharedGallery: Sendable {
  private let cached = Locked<AsyncStream<[UIImage]>?>(nil)

  func stream(_ make: () -> AsyncStream<[UIImage]>) -> AsyncStream<[UIImage]> {
    cached.withLock { cached in
      if let cached { return cached }
      let stream = make()
      cached = stream
      return stream
    }
  }
}
