// Wrong answer to exercise 5.5 · preconcurrency-model
// Mistake: "The model is the delegate itself: no handler at all, and @preconcurrency is what the compiler suggested."
// Anti-pattern: unchecked-handler
// Failure says: `@preconcurrency` is still in the file

import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// The gallery screen's state, Swift 6 edition.
@MainActor
public final class GalleryScreenModel {
  /// Every image loaded so far, in order.
  public private(set) var images: [UIImage] = []
  private var loader: ImageBatchLoader?
  private let plan: ImageBatchLoader.Plan

  /// A model that will load batches following `plan`.
  public init(plan: ImageBatchLoader.Plan) {
    self.plan = plan
  }

  /// Starts loading.
  public func load() {
    let loader = ImageBatchLoader(delegate: self, plan: plan)
    self.loader = loader
    loader.start()
  }
}

extension GalleryScreenModel: @preconcurrency ImageBatchLoaderDelegate {
  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    images.append(contentsOf: batch)
  }
}
