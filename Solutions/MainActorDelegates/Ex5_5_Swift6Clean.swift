// Exercise 5.5 · Swift 6 clean · solution

import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// Forwards batches to a main-actor closure fixed at creation: immutable, so truly Sendable.
final class GalleryBatchHandler: ImageBatchLoaderDelegate, Sendable {
  let onBatch: @MainActor @Sendable ([UIImage]) -> Void

  init(onBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    self.onBatch = onBatch
  }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    let onBatch = self.onBatch
    Task { @MainActor in onBatch(batch) }
  }
}

/// The gallery screen's state, Swift 6 edition.
@MainActor
public final class GalleryScreenModel {
  /// Every image loaded so far, in order.
  public private(set) var images: [UIImage] = []
  private var handler: GalleryBatchHandler?
  private var loader: ImageBatchLoader?
  private let plan: ImageBatchLoader.Plan

  /// A model that will load batches following `plan`.
  public init(plan: ImageBatchLoader.Plan) {
    self.plan = plan
  }

  /// Starts loading.
  public func load() {
    // Every mutation of `images` happens on the main actor, which the compiler checks.
    let handler = GalleryBatchHandler { [weak self] batch in self?.images.append(contentsOf: batch) }
    let loader = ImageBatchLoader(delegate: handler, plan: plan)
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
