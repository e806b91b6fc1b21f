import Capstone
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

@Suite("6.5 Source 4: the background delegate", .exercise("6.5"))
struct Ex6_5_GallerySourceTests {
  @Test("Every batch arrives in order, none is lost, and the stream ends with the loader")
  func everyBatch() async throws {
    // The loader's queue is held until gallery() has returned: by then a delegate that nothing keeps
    // alive is gone, every time, and no batch can have reached it first.
    let held = DispatchQueue(label: "loader's background")
    held.suspend()
    let made = Locked<ImageBatchLoader?>(nil)
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 4, imagesPerBatch: 1, queue: held))
      made.withLock { $0 = loader }
      return loader
    }
    let gallery = source.gallery()
    held.resume()
    let batches = try? await withDeadline("reading gallery() to its end") {
      var batches: [[UIImage]] = []
      for await batch in gallery { batches.append(batch) }
      return batches
    }
    guard let loader = made.withLock({ $0 }) else {
      Issue.record(
        "gallery() never called makeLoader: make the loader with it, handing it your delegate, so each gallery gets the loader it was given. [default-loader]"
      )
      return
    }
    if let problem = galleryProblem(with: loader, batches: batches, expected: 4) {
      Issue.record(Comment(rawValue: problem))
    }
  }

  @Test("A consumer that starts reading after the loader finished still gets every batch")
  func lateConsumerGetsEverything() async {
    let made = Locked<ImageBatchLoader?>(nil)
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 4, imagesPerBatch: 1))
      made.withLock { $0 = loader }
      return loader
    }
    let gallery = source.gallery()
    // Read only once the loader has finished: every batch must wait in the stream's buffer.
    _ = await eventually {
      made.withLock { $0 }.map { $0.deliveredBatches + $0.lostBatches == 4 && !$0.isRunning } ?? false
    }
    let batches = try? await withDeadline("reading gallery() late") {
      var batches: [[UIImage]] = []
      for await batch in gallery { batches.append(batch) }
      return batches
    }
    guard let loader = made.withLock({ $0 }) else {
      Issue.record(
        "gallery() never called makeLoader: make the loader with it, handing it your delegate. [default-loader]")
      return
    }
    if let batches, loader.lostBatches == 0, batches.count < 4 {
      Issue.record(
        "A consumer that started reading after the loader finished got \(batches.count) of 4 batches: each batch must wait in the stream's buffer until it is read. A buffering policy that drops values (.bufferingNewest, .bufferingOldest) loses them, and a yield that comes after finish() is lost (a Task { } per batch yields late). [newest-only] [unretained-delegate]"
      )
    } else if let problem = galleryProblem(with: loader, batches: batches, expected: 4) {
      Issue.record(Comment(rawValue: problem))
    } else if let bound = ExerciseSource.code(of: "6.5").flatMap({ ExerciseSource.boundedBuffers(in: $0).first }) {
      // A bound past these four batches loses batches only in a longer gallery: the code says it has one.
      Issue.record(
        "The stream is made with a bounded buffer (`\(bound)`): a gallery of more batches than that, finished before the consumer reads, loses some. Every batch waits in the stream's buffer, however many: the default, unbounded buffer. [newest-only]"
      )
    }
  }

  @Test("Batches delivered back to back arrive in order, none lost, proved in a child process")
  func burstKeepsOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          // Tasks on the pool start out of creation order, as the language allows: a task per batch
          // then overtakes on every run, not only when the scheduler happens to.
          JobSwapping.begin()
          defer { JobSwapping.end() }
          let held = DispatchQueue(label: "loader's background")
          held.suspend()
          let made = Locked<ImageBatchLoader?>(nil)
          let source = LoaderGallerySource { delegate in
            let loader = ImageBatchLoader(
              delegate: delegate, plan: .init(batches: 200, imagesPerBatch: 1, interval: 0, queue: held))
            made.withLock { $0 = loader }
            return loader
          }
          let gallery = source.gallery()
          held.resume()
          let batches = try? await withDeadline("reading gallery() to its end") {
            var batches: [[UIImage]] = []
            for await batch in gallery { batches.append(batch) }
            return batches
          }
          guard let loader = made.withLock({ $0 }) else {
            throw ResumeProbe.ProbeFailure(
              "gallery() never called makeLoader: make the loader with it. [default-loader]")
          }
          if let problem = galleryProblem(with: loader, batches: batches, expected: 200) {
            throw ResumeProbe.ProbeFailure(problem)
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "gallery() over 200 batches back to back")
  }

  @Test("A consumer that stops stops the loader")
  func stoppingStops() async throws {
    let made = Locked<ImageBatchLoader?>(nil)
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 100, imagesPerBatch: 1, interval: 0.01))
      made.withLock { $0 = loader }
      return loader
    }
    _ = try await withDeadline("reading one batch") {
      for await _ in source.gallery() { break }
    }
    // A loader made without makeLoader cannot be watched: whether it stops is unknown, not false.
    guard made.withLock({ $0 }) != nil else {
      Issue.record(
        "gallery() never called makeLoader: make the loader with it, handing it your delegate. [default-loader]")
      return
    }
    _ = await eventually { made.withLock({ $0?.isStopped }) == true }
    #expect(
      made.withLock { $0?.isStopped } == true,
      "The consumer stopped, but the loader goes on: stop it in onTermination. [no-stop]"
    )
  }

  @Test("Each call of gallery() makes and starts a loader of its own, which it reads to the end")
  func eachCallHasItsOwnLoader() async {
    let made = Locked<[ImageBatchLoader]>([])
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 4, imagesPerBatch: 1))
      made.withLock { $0.append(loader) }
      return loader
    }
    // The dashboard asks again on every reload: the second call must load again, not hand back the first.
    var images: [Int] = []
    for call in 1...2 {
      let gallery = source.gallery()
      let read = try? await withDeadline("reading the gallery of call \(call)") {
        var count = 0
        for await batch in gallery { count += batch.count }
        return count
      }
      images.append(read ?? -1)
    }
    let loaders = made.withLock { $0 }
    // No loader at all is the other tests' finding ("gallery() never called makeLoader"). So are two
    // loaders whose second gallery read less: a stream kept from the first call reads as one whose
    // yields were all lost after finish() (a Task per batch), and counts cannot tell them apart.
    if loaders.count == 1 {
      Issue.record(
        "gallery() was called twice, but made 1 loader: each call makes a loader of its own with makeLoader, starts it, and returns its batches. A loader or stream kept from an earlier call has already ended, and the second gallery read \(images[1]) images. [one-loader]"
      )
    } else if loaders.count > 2 {
      Issue.record(
        "gallery() was called twice, and made \(loaders.count) loaders: each call makes exactly one, with makeLoader. [one-loader]"
      )
    }
  }
}

extension Ex6_5_GallerySourceTests {
  @Test("A loader that needs an owner still delivers every batch: the stream keeps it while it lives")
  func loaderThatNeedsAnOwner() async {
    // Nothing but the stream keeps this loader: the test sees it without keeping it alive, and the loader
    // says, at each batch, whether it was already gone.
    let made = Locked((count: 0, last: WeakGalleryLoader()))
    let goneWhileLoading = Locked(false)
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(
        delegate: delegate,
        plan: .init(
          batches: 3, imagesPerBatch: 1, needsAnOwner: true,
          afterEachBatch: { _, _ in
            if made.withLock({ $0.last.object == nil }) { goneWhileLoading.withLock { $0 = true } }
          }))
      made.withLock {
        $0.count += 1
        $0.last.object = loader
      }
      return loader
    }
    let gallery = source.gallery()
    let read = try? await withDeadline("reading gallery() to its end, with a loader that needs an owner") {
      var count = 0
      for await batch in gallery { count += batch.count }
      return count
    }
    guard made.withLock({ $0.count }) > 0, goneWhileLoading.withLock({ $0 }) else { return }
    Issue.record(
      "gallery() returned its stream, and nothing kept the loader it made while it loaded (a loader that needs an owner, as some SDK objects do), so \(read.map { "it delivered \($0) of 3 images" } ?? "it delivered what it could, and the stream never ended"), and a consumer that stops could not stop it: the stream keeps its loader (strongly, in onTermination, which stops it) for as long as the stream lives. [loader-not-kept]"
    )
  }
}

/// A loader the test can see without keeping it alive.
struct WeakGalleryLoader: Sendable {
  weak var object: ImageBatchLoader?
}

/// What went wrong with a gallery read from `loader`, when something did; `batches` is `nil` when its stream never ended.
private func galleryProblem(with loader: ImageBatchLoader, batches: [[UIImage]]?, expected: Int) -> String? {
  if loader.lostBatches > 0 {
    return
      "The loader lost \(loader.lostBatches) of \(expected) batches: it holds its delegate weakly, and nothing else kept yours alive. Keep it alive from onTermination. [unretained-delegate]"
  }
  guard let batches else {
    return
      "The gallery's stream never ended, though the loader lost no batch: finish it in imageLoaderDidFinish, which the loader calls after its last batch. [unretained-delegate]"
  }
  let names = batches.flatMap { $0 }.map(\.name)
  let wanted = (0..<expected).map { "batch-\($0)-image-0" }
  guard names != wanted else { return nil }
  let order = names.compactMap { wanted.firstIndex(of: $0) }
  let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
  guard inversions > 0 else {
    return
      "Of \(expected) batches, \(names.count) arrived, in order: the rest were lost, which \"A consumer that starts reading after\" explains. A buffering policy that drops values (.bufferingNewest, .bufferingOldest) loses what was not read yet, and a yield that comes after finish() is lost (a Task { } per batch yields late). [newest-only] [unretained-delegate]"
  }
  return
    "Of \(expected) batches, \(names.count) arrived, \(inversions) times out of order: every batch, in order, then the end of the stream. Yield directly from imageLoader(_:didLoadBatch:): a Task { } per batch races the others, and a yield that comes after finish() is lost. [unretained-delegate]"
}
