import Capstone
import CourseKit
import LegacyKit
import Locking
import Testing

@Suite("6.5 Source 4: the background delegate", .exercise("6.5"))
struct Ex6_5_GallerySourceTests {
  @Test("Every batch arrives in order, none is lost, and the stream ends with the loader")
  func everyBatch() async throws {
    let made = Locked<ImageBatchLoader?>(nil)
    let source = LoaderGallerySource { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 4, imagesPerBatch: 1))
      made.withLock { $0 = loader }
      return loader
    }
    let batches = try? await withDeadline("reading gallery() to its end") {
      var batches: [[UIImage]] = []
      for await batch in source.gallery() { batches.append(batch) }
      return batches
    }
    #expect(
      made.withLock { $0?.lostBatches } == 0,
      "The loader lost batches: it holds its delegate weakly; keep it alive from onTermination.")
    #expect(
      batches == (0..<4).map { ImageBatchLoader.batch($0, size: 1) },
      "Every batch, in order, then the end of the stream.")
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
    _ = await eventually { made.withLock({ $0?.isStopped }) == true }
    #expect(
      made.withLock { $0?.isStopped } == true, "The consumer stopped, but the loader goes on: stop it in onTermination."
    )
  }
}
