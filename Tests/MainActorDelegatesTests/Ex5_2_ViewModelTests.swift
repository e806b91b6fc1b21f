import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import Testing

@Suite("5.2 The view model keeps its handler alive", .exercise("5.2"))
@MainActor
struct Ex5_2_ViewModelTests {
  /// Loads three batches of two images and waits up to a second for them.
  func loaded() async -> (GalleryViewModel, ImageBatchLoader?) {
    let made = Locked<ImageBatchLoader?>(nil)
    let model = GalleryViewModel { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 3, imagesPerBatch: 2))
      made.withLock { $0 = loader }
      return loader
    }
    model.load()
    _ = await eventually { await model.images.count >= 6 }
    return (model, made.withLock { $0 })
  }

  @Test("Every batch's images land in images, in order")
  func imagesArrive() async {
    let (model, loader) = await loaded()
    #expect(loader != nil, "load() must create the loader with makeLoader, passing the handler as its delegate.")
    if let loader, loader.lostBatches > 0 {
      Issue.record(
        "The loader lost \(loader.lostBatches) batches: it holds its delegate weakly, and nothing else held the handler. Keep the handler in a property of the view model."
      )
    }
    #expect(model.images == (0..<3).flatMap { ImageBatchLoader.batch($0, size: 2) })
  }

  @Test("The view model can go away: its handler does not keep it alive")
  func noCycle() async {
    let probe = LeakProbe()
    do {
      let (model, _) = await loaded()
      probe.track(model, "the view model")
    }
    await probe.expectAllReleased(
      within: 0.5,
      "The handler's closure captures the view model strongly, and the view model owns the handler: capture it weakly.")
  }
}
