import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import Testing

@Suite("5.2 The view model keeps its handler alive", .exercise("5.2"))
@MainActor
struct Ex5_2_ViewModelTests {
  // Each check runs in a child process: the view model drives your handler from 5.1, and a handler that
  // traps would otherwise take every other result down with it.

  /// In the child: a view model that has started loading three batches of two images, and its loader.
  static func loading() async -> (GalleryViewModel, Locked<ImageBatchLoader?>) {
    let made = Locked<ImageBatchLoader?>(nil)
    let model = await MainActor.run {
      let model = GalleryViewModel { delegate in
        let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 3, imagesPerBatch: 2))
        made.withLock { $0 = loader }
        return loader
      }
      model.load()
      return model
    }
    _ = await eventually { await model.images.count >= 6 }
    return (model, made)
  }

  @Test("Every batch's images land in images, in order, proved in a child process")
  nonisolated func imagesArrive() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let (model, made) = await Self.loading()
          guard let loader = made.withLock({ $0 }) else {
            throw ResumeProbe.ProbeFailure(
              "load() must create the loader with makeLoader, passing the handler as its delegate. [default-loader]")
          }
          guard loader.lostBatches == 0 else {
            throw ResumeProbe.ProbeFailure(
              "The loader lost \(loader.lostBatches) batches: it holds its delegate weakly, and nothing else held the handler. Keep the handler in a property of the view model. [local-handler]"
            )
          }
          let images = await model.images
          guard images == (0..<3).flatMap({ ImageBatchLoader.batch($0, size: 2) }) else {
            throw ResumeProbe.ProbeFailure(
              "images holds \(images.map(\.description)), not the three batches in the order the loader delivered them. [wrong-images]"
            )
          }
        }
      }
    }
    expectFinished(child, "GalleryViewModel")
  }

  // The SDK's loader keeps itself alive while it loads, so a view model that never kept it works
  // today. This one needs an owner (as `CLLocationManager` does): once `load()` has returned, only the
  // view model can be keeping it, and a released loader would take every batch with it.
  @Test("The view model owns the loader it made: it is still there once load() has returned, proved in a child process")
  nonisolated func ownsTheLoader() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let made = Locked<(count: Int, loader: WeakLoader)>((0, WeakLoader()))
          // The loader's queue is held until the question is answered: a delivery running on it holds
          // the loader for a moment, and a loader nobody keeps would look kept if one ran just then.
          let queue = DispatchQueue(label: "ex5.2.owned-loader")
          queue.suspend()
          defer { queue.resume() }
          let model = await MainActor.run {
            let model = GalleryViewModel { delegate in
              let loader = ImageBatchLoader(
                delegate: delegate, plan: .init(batches: 3, imagesPerBatch: 2, queue: queue, needsAnOwner: true))
              made.withLock {
                $0.count += 1
                $0.loader.object = loader
              }
              return loader
            }
            model.load()
            return model
          }
          let (count, kept) = made.withLock { ($0.count, $0.loader.object != nil) }
          // No loader made with makeLoader is the first test's business.
          guard count > 0 else { return }
          guard count == 1 else {
            throw ResumeProbe.ProbeFailure(
              "One call of load() made \(count) loaders with makeLoader, where it makes one, keeps it and starts it: the others are a loader that nobody keeps, which loses every batch it was about to deliver, or one kept that never starts. [default-loader]"
            )
          }
          guard kept else {
            throw ResumeProbe.ProbeFailure(
              "load() let its loader go: nothing kept it once load() had returned, and a loader that needs an owner is then released, with every batch it was about to deliver. Keep it in a property of the view model, as you keep the handler. [loader-not-kept]"
            )
          }
          // Kept for good: the child ends soon anyway. Letting the view model go while batches are
          // still on their way is another test's question (an `unowned` capture traps then).
          _ = Unmanaged.passRetained(model)
        }
      }
    }
    expectFinished(child, "GalleryViewModel")
  }

  @Test("The view model can go away: its handler does not keep it alive, proved in a child process")
  nonisolated func noCycle() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let probe = LeakProbe()
          do {
            let (model, _) = await Self.loading()
            probe.track(model, "the view model")
          }
          _ = await eventually(within: 0.5) { probe.alive.isEmpty }
          guard probe.alive.isEmpty else {
            throw ResumeProbe.ProbeFailure(
              "the view model is still alive after everything let go of it. The handler's closure captures the view model strongly, and the view model owns the handler: capture it weakly. [strong-self]"
            )
          }
        }
      }
    }
    expectFinished(child, "GalleryViewModel")
  }

  @Test("A view model that goes away while batches are on their way is not touched by them, proved in a child process")
  nonisolated func droppedWhileBatchesAreQueued() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let probe = LeakProbe()
          // The main queue is held while the loader delivers every batch: their hops to the main actor
          // wait behind it, and run only after the view model has gone.
          let delivered: Bool = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
              let made = Locked<ImageBatchLoader?>(nil)
              var model: GalleryViewModel? = GalleryViewModel { delegate in
                let loader = ImageBatchLoader(
                  delegate: delegate, plan: .init(batches: 5, imagesPerBatch: 1, interval: 0))
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
              "the view model is still alive after its screen let go of it: the handler's closure captures it strongly; capture it weakly. [strong-self]"
            )
          }
        }
      }
    }
    if let words = child?.runtimeWords(containing: "unowned reference") {
      Issue.record(
        "The view model went away while batches were still on their way, and a late batch read it through [unowned self], which traps: capture it weakly ([weak self]), so a late batch finds nil and does nothing. The runtime said: \(words) [unowned-self]"
      )
      return
    }
    expectFinished(child, "GalleryViewModel")
  }
}

/// A loader the test can see without keeping it alive.
struct WeakLoader: Sendable {
  weak var object: ImageBatchLoader?
}
