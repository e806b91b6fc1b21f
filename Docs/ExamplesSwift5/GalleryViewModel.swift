// The lesson's starting point (Docs/05-mainactor-delegates.md#the-starting-point), as it was
// written before Swift 6. It compiles here in Swift 5 language mode; the lesson shows what the
// Swift 6 compiler says about it, and why.

import LegacyKit

final class ImageBatchHandler: ImageBatchLoaderDelegate {
  var didLoadBatch: @MainActor ([UIImage]) -> Void = { _ in }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    Task { await didLoadBatch(batch) }
  }
}

@MainActor
final class GalleryViewModel {
  private(set) var images: [UIImage] = []
  private let handler = ImageBatchHandler()
  private lazy var loader = ImageBatchLoader(delegate: handler)

  init() {
    handler.didLoadBatch = { [weak self] batch in
      self?.images.append(contentsOf: batch)
    }
  }

  func load() {
    loader.start()
  }
}
