// Wrong answer to exercise 5.2 · default-loader
// Mistake: "makeLoader is only there for the tests; the app always uses an ImageBatchLoader."
// Anti-pattern: default-loader
// Failure says: load() must create the loader with makeLoader

import LegacyKit

/// The gallery screen's state.
@MainActor
public final class GalleryViewModel {
  /// Every image loaded so far, in the order the batches arrived.
  public private(set) var images: [UIImage] = []
  private let makeLoader: (any ImageBatchLoaderDelegate) -> ImageBatchLoader
  private var handler: ImageBatchHandler?
  private var loader: ImageBatchLoader?

  /// A view model whose loader is made by `makeLoader`, given the delegate to call.
  public init(
    makeLoader: @escaping (any ImageBatchLoaderDelegate) -> ImageBatchLoader = { ImageBatchLoader(delegate: $0) }
  ) {
    self.makeLoader = makeLoader
  }

  /// Starts loading.
  public func load() {
    let handler = ImageBatchHandler { [weak self] batch in self?.images.append(contentsOf: batch) }
    let loader = ImageBatchLoader(delegate: handler, plan: .init(batches: 3, imagesPerBatch: 2))
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
