// Wrong answer to exercise 5.2 · local-handler
// Mistake: "The loader is what I keep; the handler is only a go-between, a local will do."
// Anti-pattern: local-handler
// Failure says: Keep the handler in a property of the view model

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
    let loader = makeLoader(handler)
    self.loader = loader
    loader.start()
  }
}
