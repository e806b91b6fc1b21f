// Wrong answer to exercise 5.2 · loader-not-kept
// Mistake: "The loader keeps itself alive while it loads, so only the handler needs a property: the
//   loader can be started and forgotten."
// Anti-pattern: loader-not-kept
// Failure says: load() let its loader go

import LegacyKit

/// The gallery screen's state.
@MainActor
public final class GalleryViewModel {
  /// Every image loaded so far, in the order the batches arrived.
  public private(set) var images: [UIImage] = []
  private let makeLoader: (any ImageBatchLoaderDelegate) -> ImageBatchLoader
  // The loader holds its delegate weakly: this property is what keeps the handler alive.
  private var handler: ImageBatchHandler?

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
    self.handler = handler
    makeLoader(handler).start()  // the loader keeps itself alive while it loads
  }
}
