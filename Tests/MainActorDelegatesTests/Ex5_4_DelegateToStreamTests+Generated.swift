import CourseKit
import Dispatch
import LegacyKit
import Locking
import MainActorDelegates
import MainActorDelegatesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex5_4_DelegateToStreamTests {
  @Test(
    "On drawn loaders (no batch, a few, or hundreds back to back, empty batches among them, read at once or late), the stream gives what the reference gives"
  )
  func generatedLoaders() async {
    typealias Batches =
      @Sendable (@escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> AsyncStream<
        [UIImage]
      >
    let mine: Batches = { MainActorDelegates.imageBatches(makeLoader: $0) }
    let reference: Batches = { MainActorDelegatesReference.imageBatches(makeLoader: $0) }
    // A stream that never ends is the targeted tests' finding, said there in a second, not once per
    // scenario the shrinker tries.
    let control = GalleryScenario(batches: 2, imagesPerBatch: 1, readsLate: false)
    guard (try? await withDeadline("a stream of two batches", operation: { await Self.read(control, mine) })) != nil
    else { return }
    await Generated.expect("imageBatches(makeLoader:)", Gen.galleryLoad, describe: Self.said) { scenario in
      let (read, expected) = (await Self.read(scenario, mine), await Self.read(scenario, reference))
      return Self.difference(scenario, read: read, expected: expected)
    }
  }

  @Test(
    "On drawn streams (no batch, one, many, empty batches, images in any order, repeats), the view model shows what the reference shows"
  )
  func generatedStreams() async {
    await Generated.expect(
      "StreamingGalleryViewModel.load(_:)", Gen.gallery(batches: 0...12),
      describe: { "a stream of \(Said.gallery($0))" }
    ) { batches in
      let (mine, expected) = (await Self.mineShows(batches), await Self.referenceShows(batches))
      guard mine != expected else { return nil }
      return
        "The stream delivered \(Said.gallery(batches)), then finished, and the view model showed \(Said.images(of: mine)), not \(Said.images(of: expected)): every batch's images, appended in the order they came, repeats and all, which \"The view model appends every batch's images\" explains. [replace-images]"
    }
  }

  @MainActor static func mineShows(_ batches: [[UIImage]]) async -> [UIImage] {
    let model = MainActorDelegates.StreamingGalleryViewModel()
    await model.load(stream(of: batches))
    return model.images
  }

  @MainActor static func referenceShows(_ batches: [[UIImage]]) async -> [UIImage] {
    let model = MainActorDelegatesReference.StreamingGalleryViewModel()
    await model.load(stream(of: batches))
    return model.images
  }

  /// A stream of the test's own that delivers `batches`, then finishes.
  static func stream(of batches: [[UIImage]]) -> AsyncStream<[UIImage]> {
    AsyncStream { continuation in
      for batch in batches { continuation.yield(batch) }
      continuation.finish()
    }
  }

  /// The batches `imageBatches` gives over a loader following `scenario`, read at once or once the loader
  /// has finished, and the loaders it made.
  static func read(
    _ scenario: GalleryScenario,
    _ imageBatches: (@escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader) -> AsyncStream<[UIImage]>
  ) async -> (batches: [[UIImage]], loaders: [ImageBatchLoader]) {
    // The loader's queue is held until the stream is made: a delegate that nothing keeps is gone by then.
    let held = DispatchQueue(label: "loader's background")
    held.suspend()
    let made = Locked<[ImageBatchLoader]>([])
    let stream = imageBatches { delegate in
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

  /// How the batches read differ from the reference's, in the lesson's words, or `nil` when they do not.
  static func difference(
    _ scenario: GalleryScenario, read: (batches: [[UIImage]], loaders: [ImageBatchLoader]),
    expected: (batches: [[UIImage]], loaders: [ImageBatchLoader])
  ) -> String? {
    if let loader = read.loaders.first, loader.lostBatches > 0 {
      return
        "The loader lost \(loader.lostBatches) of \(scenario.batches) batches: it holds its delegate weakly. Keep the delegate alive for as long as the stream lives, which \"Every batch arrives in order\" explains. [unretained-delegate]"
    }
    guard read.batches != expected.batches else { return nil }
    // Which of the expected batches were kept, matched in order.
    var kept: [Int] = []
    var next = 0
    for batch in read.batches {
      while next < expected.batches.count, expected.batches[next] != batch { next += 1 }
      guard next < expected.batches.count else { break }
      kept.append(next)
      next += 1
    }
    let (count, total) = (read.batches.count, expected.batches.count)
    guard kept.count == count else {
      return
        "Of \(total) batches, the stream gave \(count), out of order or changed: imageBatches(makeLoader:) returns the loader's batches, each as delivered, in order, which \"Every batch arrives in order\" explains. [wrong-batches]"
    }
    return
      "Of \(total) batches, the stream gave \(count), in order: the rest were lost. imageBatches(makeLoader:) returns the loader's batches, every one, empty ones too: a buffering policy that drops (.bufferingNewest, .bufferingOldest) loses what was not read yet, whatever its size, which \"Every batch arrives in order\" explains. [wrong-batches]"
  }
}
