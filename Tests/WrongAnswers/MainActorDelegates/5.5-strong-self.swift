// Wrong answer to exercise 5.5 · strong-self
// Mistake: "Everything is on the main actor now, so capturing self is safe."
// Anti-pattern: strong-self
// Failure says: capture it weakly

import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// Forwards batches to a main-actor closure fixed at creation.
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
    let handler = GalleryBatchHandler { batch in self.images.append(contentsOf: batch) }
    let loader = ImageBatchLoader(delegate: handler, plan: plan)
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
