// Exercise 5.5 · Swift 6 clean
// Grade 4 (interview-hard) · Lesson: Docs/05-mainactor-delegates.md#swift-6-clean
// Check it: swift run course check 5.5   (or: swift test --filter MainActorDelegatesTests.Ex5_5_Swift6CleanTests)
//
// This file compiles in Swift 6 without a warning, because its author silenced every
// complaint with a promise the compiler cannot check: `@unchecked Sendable`,
// `nonisolated(unsafe)`, `MainActor.assumeIsolated`. Each one hides a real problem.
// Rewrite the handler and the view model so that the compiler checks everything, with
// none of those escape hatches (nor `@preconcurrency`), and keep `GalleryScreenModel`'s
// public API. [unchecked-handler]
// Every batch lands in `images`, on the main actor, in order, the first one too, which the loader
// may deliver before `start()` returns. [isolated-conformance] [handler-set-late]
// The model keeps its loader while it loads: a loader nobody keeps may be released. [loader-not-kept]
// The model can go away once its screen does, even while batches are still on their
// way. [strong-self] [unowned-self]

import CourseCatalog
import Dispatch
import LegacyKit

/// The path of this file, so the Swift 6 check can read it. Keep this line.
public let swift6CleanSourceFile = #filePath

/// Forwards batches to whoever set `onBatch`.
final class GalleryBatchHandler: ImageBatchLoaderDelegate, @unchecked Sendable {
  var onBatch: (([UIImage]) -> Void)?

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    DispatchQueue.main.async {
      MainActor.assumeIsolated { self.onBatch?(batch) }
    }
  }
}

/// The gallery screen's state, Swift 6 edition.
@MainActor
public final class GalleryScreenModel {
  /// Every image loaded so far, in order.
  public private(set) var images: [UIImage] = []
  nonisolated(unsafe) private var handler = GalleryBatchHandler()
  private var loader: ImageBatchLoader?
  private let plan: ImageBatchLoader.Plan

  /// A model that will load batches following `plan`.
  public init(plan: ImageBatchLoader.Plan) {
    self.plan = plan
  }

  /// Starts loading.
  public func load() {
    handler.onBatch = { batch in
      MainActor.assumeIsolated { self.images.append(contentsOf: batch) }
    }
    let loader = ImageBatchLoader(delegate: handler, plan: plan)
    self.loader = loader
    loader.start()
  }
}
