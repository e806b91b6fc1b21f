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

  @Test("A view model that goes away while batches are on their way is not touched by them, proved in a child process")
  func droppedWhileBatchesAreQueued() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      await ResumeProbe.run(within: 2) {
        let probe = LeakProbe()
        // The main queue is held while the loader delivers every batch: their hops to the main actor
        // wait behind it, and run only after the view model has gone.
        let delivered: Bool = await withCheckedContinuation { continuation in
          DispatchQueue.main.async {
            let made = Locked<ImageBatchLoader?>(nil)
            var model: GalleryViewModel? = GalleryViewModel { delegate in
              let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 5, imagesPerBatch: 1, interval: 0))
              made.withLock { $0 = loader }
              return loader
            }
            model?.load()
            if let model { probe.track(model, "the view model") }
            let loader = made.withLock { $0 }
            let until = Date() + Deadline.scaled(Deadline.standard)
            while (loader?.deliveredBatches ?? 0) + (loader?.lostBatches ?? 0) < 5, Date() < until {
              Thread.sleep(forTimeInterval: 0.001)
            }
            model = nil  // the screen goes away, with five batches still on their way to the main actor
            continuation.resume(returning: loader?.deliveredBatches == 5)
          }
        }
        // Let the queued batches reach the main actor, which now runs them.
        await MainActor.run {}
        try? await Task.sleep(for: .milliseconds(50))
        await MainActor.run {}
        guard delivered else { return }  // the other tests say why batches were lost
        _ = await eventually { probe.alive.isEmpty }
        guard probe.alive.isEmpty else {
          throw ResumeProbe.ProbeFailure(
            "the view model is still alive after its screen let go of it: the handler's closure captures it strongly; capture it weakly."
          )
        }
      }
    }
    if let words = child?.runtimeWords(containing: "unowned reference") {
      Issue.record(
        "The view model went away while batches were still on their way, and a late batch read it through [unowned self], which traps: capture it weakly ([weak self]), so a late batch finds nil and does nothing. The runtime said: \(words)"
      )
      return
    }
    expectFinished(child, "GalleryViewModel")
  }
}
