import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import MainActorDelegatesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex5_2_ViewModelTests {
  // In a child process, as the suite's other checks: the view model drives your handler from 5.1.
  @Test(
    "On drawn loads one after another (one to three, of no batch to four, of none to three images, a later load delivering the same images again), images holds what the reference's holds, proved in a child process"
  )
  nonisolated func generatedLoads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.generatedLoadsInTheChild()
      }
    }
    expectFinished(child, "GalleryViewModel")
  }

  /// In the child: the view model and the reference's, each loading the same drawn loads one after another.
  nonisolated static func generatedLoadsInTheChild() async {
    await ResumeProbe.run(within: 20) {
      // A view model that makes no loader with makeLoader, or loses or changes the batches of the
      // simplest load, is the suite's other tests' finding: said there once, not once per scenario.
      let control = [ImageBatchLoader.Plan(batches: 1, imagesPerBatch: 1, interval: 0)]
      let controlShown = await Self.imagesShown(
        after: control, make: { MainActorDelegates.GalleryViewModel(makeLoader: $0) }, load: { $0.load() },
        images: { $0.images })
      guard controlShown == [ImageBatchLoader.batch(0, size: 1)] else { return }
      // Nor one whose load() makes more than one loader ("The view model owns the loader it made" says
      // so): each drawn load would wait out its deadline for a loader nobody started.
      let madeForOneLoad = Locked(0)
      await MainActor.run {
        let model = MainActorDelegates.GalleryViewModel { delegate in
          madeForOneLoad.withLock { $0 += 1 }
          return ImageBatchLoader(delegate: delegate, plan: .init(batches: 1, imagesPerBatch: 1, interval: 0))
        }
        model.load()
        withExtendedLifetime(model) {}
      }
      guard madeForOneLoad.withLock({ $0 }) == 1 else { return }
      let failure = await Generated.check(Gen.imageLoads, trials: 40, describe: Said.imageLoads) { loads in
        let mine = await Self.imagesShown(
          after: loads, make: { MainActorDelegates.GalleryViewModel(makeLoader: $0) }, load: { $0.load() },
          images: { $0.images })
        let reference = await Self.imagesShown(
          after: loads, make: { MainActorDelegatesReference.GalleryViewModel(makeLoader: $0) }, load: { $0.load() },
          images: { $0.images })
        return Self.difference(loads, mine: mine, reference: reference)
      }
      if let failure { throw Generated.probeFailure(failure) }
    }
  }

  /// What `images` of a view model made by `make` holds after each of `loads`: each `load()` makes a
  /// loader that follows its plan, and the next starts once that loader has delivered every batch and
  /// the main actor has run what was sent to it.
  @MainActor
  static func imagesShown<Model>(
    after loads: [ImageBatchLoader.Plan],
    make: @MainActor (@escaping (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> Model,
    load: @MainActor (Model) -> Void, images: @MainActor (Model) -> [UIImage]
  ) async -> [[UIImage]] {
    let made = Locked<[ImageBatchLoader]>([])
    let current = Locked(0)
    let model = make { delegate in
      // Every loader made during a load follows that load's plan.
      let loader = ImageBatchLoader(delegate: delegate, plan: loads[current.withLock { $0 }])
      made.withLock { $0.append(loader) }
      return loader
    }
    var shown: [[UIImage]] = []
    for (index, plan) in loads.enumerated() {
      current.withLock { $0 = index }
      let before = made.withLock { $0.count }
      load(model)
      // A loader that was never made or started is the suite's other tests' business: the wait then gives up.
      _ = await eventually(within: 0.5) {
        let loaders = made.withLock { $0 }
        return loaders.count > before
          && loaders[before...].allSatisfy { $0.deliveredBatches + $0.lostBatches == plan.batches && !$0.isRunning }
      }
      // The hops were sent before these, and the main actor runs its jobs in the order they came.
      for _ in 0..<2 { await Task { @MainActor in }.value }
      shown.append(images(model))
    }
    return shown
  }

  /// How `images` differs from the reference's after the first load where it does, in the lesson's
  /// words; `nil` when it never does.
  nonisolated static func difference(
    _ loads: [ImageBatchLoader.Plan], mine: [[UIImage]], reference: [[UIImage]]
  ) -> String? {
    for index in loads.indices where mine[index] != reference[index] {
      let which = index == 0 ? "the first load" : "load \(index + 1) of \(loads.count)"
      return
        "After \(which), images held \(Said.imageNames(mine[index])), where it holds \(Said.imageNames(reference[index])): every batch's images are appended, in order, those of a later load after the earlier ones, the same images again too, never skipped, sorted or replaced, which \"Every batch's images land in images\" explains. [wrong-images]"
    }
    return nil
  }
}
