// Wrong answer to exercise 5.2 · unowned-self
// Mistake: "The view model owns the handler, so it outlives every batch: [unowned self] avoids the cycle without an optional."
// Anti-pattern: unowned-self
// Failure says: a late batch read it through [unowned self], which traps

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
    let handler = ImageBatchHandler { [unowned self] batch in images.append(contentsOf: batch) }
    let loader = makeLoader(handler)
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
