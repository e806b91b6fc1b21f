// Wrong answer to exercise 5.5 · isolated-conformance
// Mistake: "The handler only touches main-actor state, so make it @MainActor, conformance included: no Sendable closure, no Task, and the compiler is happy."
// Anti-pattern: isolated-conformance
// Failure says: they were appended off the main actor, on the loader's queue

import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// Forwards batches to a main-actor closure; the conformance is isolated to the main actor.
@MainActor
final class GalleryBatchHandler: @MainActor ImageBatchLoaderDelegate {
  let onBatch: ([UIImage]) -> Void

  init(onBatch: @escaping ([UIImage]) -> Void) {
    self.onBatch = onBatch
  }

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    onBatch(batch)
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
    let handler = GalleryBatchHandler { [weak self] batch in self?.images.append(contentsOf: batch) }
    let loader = ImageBatchLoader(delegate: handler, plan: plan)
    self.handler = handler
    self.loader = loader
    loader.start()
  }
}
