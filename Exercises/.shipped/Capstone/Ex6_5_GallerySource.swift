// Exercise 6.5 · Source 4: the background delegate
// Grade 3 (challenge) · Lesson: Docs/06-capstone.md#one-source-at-a-time
// Check it: swift run course check 6.5   (or: swift test --filter CapstoneTests.Ex6_5_GallerySourceTests)
//
// The fourth legacy source: an `ImageBatchLoader` that calls a weakly held delegate on
// a background queue, behind `GallerySource`. Each call of `gallery()` makes a loader
// with `makeLoader` (handing it your delegate), starts it, and returns its batches in
// order, ending when the loader finishes. [default-loader] [one-loader] [unretained-delegate]
// The stream keeps its loader while it lives: some SDK objects need an owner. [loader-not-kept]
// A consumer that stops stops the loader. [no-stop]
// A consumer that starts reading late still gets every batch. [newest-only]

import CourseCatalog
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
    _ = NotStarted("6.5")  // Replace these two lines.
    return AsyncStream { $0.finish() }
  }
}
