// Wrong answer to exercise 5.5 · unchecked-handler
// Mistake: "I removed assumeIsolated and nonisolated(unsafe) and hop with Task { @MainActor in }; the handler only needs its closure set once."
// Anti-pattern: unchecked-handler
// Failure says: `@unchecked Sendable` is still in the file

import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// Forwards batches to whoever set `onBatch`.
final class GalleryBatchHandler: ImageBatchLoaderDelegate, @unchecked Sendable {
  var onBatch: (@MainActor @Sendable ([UIImage]) -> Void)?

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    let onBatch = self.onBatch
    Task { @MainActor in onBatch?(batch) }
  }
}

/// The gallery screen's state, Swift 6 edition.
@MainActor
public final class GalleryScreenModel {
  /// Every image loaded so far, in order.
  public private(set) var images: [UIImage] = []
  private let handler = GalleryBatchHandler()
  private var loader: ImageBatchLoader?
  private let plan: ImageBatchLoader.Plan

  /// A model that will load batches following `plan`.
  public init(plan: ImageBatchLoader.Plan) {
    self.plan = plan
  }

  /// Starts loading.
  public func load() {
    handler.onBatch = { [weak self] batch in self?.images.append(contentsOf: batch) }
    let loader = ImageBatchLoader(delegate: handler, plan: plan)
    self.loader = loader
    loader.start()
  }
}
