import Capstone
import CapstoneReference
import CourseKit
import Dispatch
import LegacyKit
import Locking
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_5_GallerySourceTests {
  @Test(
    "On drawn loaders (no batch, a few, or hundreds back to back, empty batches among them, read at once or late), the stream gives what the reference gives"
  )
  func generatedLoaders() async {
    let mine:
      @Sendable (@escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> AsyncStream<
        [UIImage]
      > = { Capstone.LoaderGallerySource(makeLoader: $0).gallery() }
    let reference:
      @Sendable (@escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> AsyncStream<
        [UIImage]
      > = { CapstoneReference.LoaderGallerySource(makeLoader: $0).gallery() }
    // A stream that never ends is the targeted tests' finding, said there in a second, not once per
    // scenario the shrinker tries.
    let control = GalleryScenario(batches: 2, imagesPerBatch: 1, readsLate: false)
    guard (try? await withDeadline("a gallery of two batches", operation: { await Self.read(control, mine) })) != nil
    else { return }
    await Generated.expect("gallery()", Gen.galleryLoad, describe: Self.said) { scenario in
      let (gallery, expected) = (await Self.read(scenario, mine), await Self.read(scenario, reference))
      return Self.difference(scenario, gallery: gallery, expected: expected)
    }
  }

  /// What a gallery read from the loaders `gallery` makes shows: its batches, read at once or once the
  /// loader has finished, and the loaders made.
  static func read(
    _ scenario: GalleryScenario,
    _ gallery: (@escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> AsyncStream<[UIImage]>
  ) async -> (batches: [[UIImage]], loaders: [ImageBatchLoader]) {
    // The loader's queue is held until gallery() has returned, as the suite's first test holds it.
    let held = DispatchQueue(label: "loader's background")
    held.suspend()
    let made = Locked<[ImageBatchLoader]>([])
    let stream = gallery { delegate in
      let loader = ImageBatchLoader(
        delegate: delegate,
        plan: .init(batches: scenario.batches, imagesPerBatch: scenario.imagesPerBatch, interval: 0, queue: held))
      made.withLock { $0.append(loader) }
      return loader
    }
    held.resume()
    if scenario.readsLate {
      // On a busy machine the wait may give up: the stream is then read at once, which proves less, never wrongly.
      _ = await eventually(within: 0.5) {
        made.withLock { $0 }.first.map { $0.deliveredBatches + $0.lostBatches == scenario.batches && !$0.isRunning }
          ?? false
      }
    }
    var batches: [[UIImage]] = []
    for await batch in stream { batches.append(batch) }
    return (batches, made.withLock { $0 })
  }

  static func said(_ scenario: GalleryScenario) -> String {
    "a loader delivering \(scenario.batches) batches of \(scenario.imagesPerBatch) images back to back, \(scenario.readsLate ? "read only once it had finished" : "read as the batches came")"
  }

  /// How the gallery read differs from the reference's, in the lesson's words, or `nil` when it does not.
  static func difference(
    _ scenario: GalleryScenario, gallery: (batches: [[UIImage]], loaders: [ImageBatchLoader]),
    expected: (batches: [[UIImage]], loaders: [ImageBatchLoader])
  ) -> String? {
    if gallery.loaders.isEmpty {
      return
        "gallery() never called makeLoader: make the loader with it, handing it your delegate, which \"Every batch arrives in order\" explains. [default-loader]"
    }
    if gallery.loaders.count != expected.loaders.count {
      return
        "gallery() made \(gallery.loaders.count) loaders with makeLoader: each call makes one, with makeLoader, and starts it, which \"Every batch arrives in order\" or \"Each call of gallery() makes and starts a loader of its own\" explains. [one-loader]"
    }
    if let loader = gallery.loaders.first, loader.lostBatches > 0 {
      return
        "The loader lost \(loader.lostBatches) of \(scenario.batches) batches: it holds its delegate weakly, and nothing else kept yours alive, which \"Every batch arrives in order\" explains. [unretained-delegate]"
    }
    guard gallery.batches != expected.batches else { return nil }
    // Which of the expected batches were kept, matched in order.
    var kept: [Int] = []
    var next = 0
    for batch in gallery.batches {
      while next < expected.batches.count, expected.batches[next] != batch { next += 1 }
      guard next < expected.batches.count else { break }
      kept.append(next)
      next += 1
    }
    let (count, total) = (gallery.batches.count, expected.batches.count)
    guard kept.count == count else {
      return
        "Of \(total) batches, the stream gave \(count), out of order or changed: every batch, as delivered, in order, which \"Every batch arrives in order\" or \"Batches delivered back to back\" explains. [unretained-delegate]"
    }
    if count == 0, expected.batches.allSatisfy(\.isEmpty) {
      return
        "Of \(total) batches of no image, the stream gave none: an empty batch is a batch, and the gallery returns every batch the loader delivers, in order, which \"Every batch arrives in order\" explains. [unretained-delegate]"
    }
    return
      "Of \(total) batches, the stream gave \(count), in order: the rest were lost, which \"A consumer that starts reading after\" or \"Batches delivered back to back\" or \"Every batch arrives in order\" explains. Each batch must wait in the stream's buffer until it is read: a buffering policy that drops values (.bufferingNewest, .bufferingOldest) loses what was not read yet, whatever its size, and a yield that comes after finish() is lost (a Task { } per batch yields late). [newest-only] [unretained-delegate]"
  }
}
