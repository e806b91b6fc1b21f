// Exercise 5.2 · The view model keeps its handler alive · solution

import LegacyKit

/// The gallery screen's state.
@MainActor
public final class GalleryViewModel {
  /// Every image loaded so far, in the order the batches arrived.
  public private(set) var images: [UIImage] = []
  private let makeLoader: (any ImageBatchLoaderDelegate) -> ImageBatchLoader
  // The loader holds its delegate weakly: this property is what keeps the handler alive.
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
    let handler = ImageBatchHandler { [weak self] batch in  // weak: the view model owns the handler
      self?.images.append(contentsOf: batch)
    }
    let loader = makeLoader(handler)
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
