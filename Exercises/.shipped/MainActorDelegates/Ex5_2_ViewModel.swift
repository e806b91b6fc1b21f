// Exercise 5.2 · The view model keeps its handler alive
// Grade 2 (practice) · Lesson: Docs/05-mainactor-delegates.md#the-view-model
// Check it: swift run course check 5.2   (or: swift test --filter MainActorDelegatesTests.Ex5_2_ViewModelTests)
//
// A `@MainActor` view model that owns the loader and the handler (your
// `ImageBatchHandler` from exercise 5.1: do that one first). [loader-not-kept] [local-handler]
// `load()` makes the loader with `makeLoader`, passing it the handler, and starts
// it. [default-loader]
// Every batch's images are appended to `images`, in order, on the main actor. [wrong-images]
// The loader holds its delegate weakly: a handler that nobody retains loses every batch,
// silently. [local-handler]
// The view model must also be free to go away when its screen does, even while batches
// are still on their way. [strong-self] [unowned-self]

import CourseCatalog
import LegacyKit

/// The gallery screen's state.
@MainActor
public final class GalleryViewModel {
  /// Every image loaded so far, in the order the batches arrived.
  public private(set) var images: [UIImage] = []
  private let makeLoader: (any ImageBatchLoaderDelegate) -> ImageBatchLoader

  /// A view model whose loader is made by `makeLoader`, given the delegate to call.
  public init(
    makeLoader: @escaping (any ImageBatchLoaderDelegate) -> ImageBatchLoader = { ImageBatchLoader(delegate: $0) }
  ) {
    self.makeLoader = makeLoader
  }

  /// Starts loading.
  public func load() {
    _ = NotStarted("5.2")  // Replace this line.
  }
}
