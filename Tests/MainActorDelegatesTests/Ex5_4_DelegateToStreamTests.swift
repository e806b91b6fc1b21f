import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import Testing

@Suite("5.4 Delegate to stream", .exercise("5.4"))
struct Ex5_4_DelegateToStreamTests {
  /// A stream over a loader that the test can inspect.
  func stream(plan: ImageBatchLoader.Plan) -> (AsyncStream<[UIImage]>, Locked<ImageBatchLoader?>) {
    let made = Locked<ImageBatchLoader?>(nil)
    let stream = imageBatches { delegate in
      let loader = ImageBatchLoader(delegate: delegate, plan: plan)
      made.withLock { $0 = loader }
      return loader
    }
    return (stream, made)
  }

  @Test("Every batch arrives in order, and the stream finishes when the loader finishes")
  func everyBatchThenTheEnd() async throws {
    let (batches, made) = stream(plan: .init(batches: 5, imagesPerBatch: 1))
    let received = await withDeadlineResult("the for-await loop over imageBatches(makeLoader:)") {
      var received: [[UIImage]] = []
      for await batch in batches { received.append(batch) }
      return received
    }
    let lost = made.withLock { $0?.lostBatches } ?? 0
    if lost > 0 {
      Issue.record(
        "The loader lost \(lost) batches: it holds its delegate weakly. Keep the delegate alive for as long as the stream lives (capture it in onTermination). [unretained-delegate]"
      )
    }
    switch received {
    case .success(let batches):
      #expect(
        batches == (0..<5).map { ImageBatchLoader.batch($0, size: 1) },
        "imageBatches(makeLoader:) must return the loader's batches, every one, in order. [wrong-batches]")
    case .failure(let error) where lost == 0:  // a lost delegate never finishes the stream either: said above
      Issue.record(
        "The stream never finished: call finish() when the loader calls imageLoaderDidFinish. (\(error)) [no-finish]")
    case .failure:
      break
    }
  }

  @Test("A consumer that stops stops the loader")
  func stoppingStopsTheLoader() async throws {
    // Batches 0.2 s apart, and the cancel comes once the first has been read and the consumer is
    // parked in its next `next()` (`SuspensionWatch`): that wait is what a cancel must end.
    let (batches, made) = stream(plan: .init(batches: 50, imagesPerBatch: 1, interval: 0.2))
    let received = EventRecorder()
    let watch = SuspensionWatch()
    let consumer = Task(executorPreference: watch) {
      for await _ in batches { received.record("batch") }
    }
    _ = await received.wait(for: 1, within: 2)
    // Waiting in next(), not on its way there: a cancel before the call ends some streams cleanly.
    _ = await eventually { watch.isSuspended }
    consumer.cancel()
    let ended: Void? = try await withDeadline(
      "the cancelled consumer's for-await loop over the batches",
      ifHung:
        "The consumer's task was cancelled, but its for-await loop never ended: a stream's iteration must end when its task is cancelled, as AsyncStream's does; a next() that awaits something cancellation cannot reach waits for ever. [unfolding-batches]"
    ) { await consumer.value }
    guard ended != nil else { return }
    _ = await eventually { made.withLock({ $0?.isStopped }) == true }
    #expect(
      made.withLock { $0?.isStopped } == true,
      "The consumer stopped, but the loader goes on: stop it in onTermination. [no-stop]"
    )
  }

  // A break ends the loop without cancelling anything: the stream's `onTermination` runs when the
  // stream itself goes, after the loop. An unfolding stream's `onCancel` never hears it.
  @Test("A consumer that breaks out of its loop stops the loader")
  func breakingStopsTheLoader() async throws {
    let made = Locked<ImageBatchLoader?>(nil)
    let read: Int? = try await withDeadline(
      "a for-await loop over imageBatches(makeLoader:) that breaks after one batch"
    ) {
      let batches = imageBatches { delegate in
        let loader = ImageBatchLoader(delegate: delegate, plan: .init(batches: 50, imagesPerBatch: 1, interval: 0.2))
        made.withLock { $0 = loader }
        return loader
      }
      var read = 0
      for await _ in batches {
        read += 1
        break
      }
      return read
    }
    // A stream that ended before its first batch is the first test's business.
    guard read == 1 else { return }
    _ = await eventually { made.withLock({ $0?.isStopped }) == true }
    #expect(
      made.withLock { $0?.isStopped } == true,
      "The consumer broke out of its for-await loop and let the stream go, but the loader goes on: stop it in onTermination, which runs when the stream goes as well as on a cancel (the `onCancel` of `AsyncStream(unfolding:)` hears only a cancel). [no-stop]"
    )
  }

  @Test("A loader that needs an owner still delivers every batch: the stream keeps it while it lives")
  func loaderThatNeedsAnOwner() async {
    // Nothing but the stream keeps this loader: the test holds no reference to it.
    let batches = imageBatches { delegate in
      ImageBatchLoader(delegate: delegate, plan: .init(batches: 3, imagesPerBatch: 1, needsAnOwner: true))
    }
    let received = await withDeadlineResult(
      "the for-await loop over imageBatches(makeLoader:), with a loader that needs an owner"
    ) {
      var received: [[UIImage]] = []
      for await batch in batches { received.append(batch) }
      return received
    }
    let delivered = (try? received.get())?.count
    guard delivered != 3 else { return }
    Issue.record(
      "A loader that needs an owner, kept by nothing but the stream, delivered \(delivered.map { "\($0) of 3 batches" } ?? "no batch, and the stream never finished"): nobody else owns the loader imageBatches(makeLoader:) makes, so keep it (strongly, in onTermination) for as long as the stream lives, which \"Every batch arrives in order\" explains. [wrong-batches]"
    )
  }

  @Test("The view model appends every batch's images, on the main actor, a second load's after the first's")
  @MainActor
  func viewModelConsumes() async throws {
    let model = StreamingGalleryViewModel()
    // A stream of the test's own, which finishes: the view model is checked apart from imageBatches(makeLoader:).
    let batches = AsyncStream<[UIImage]> { continuation in
      for index in 0..<4 { continuation.yield(ImageBatchLoader.batch(index, size: 2)) }
      continuation.finish()
    }
    let loaded = await withDeadlineResult("StreamingGalleryViewModel.load(_:)") { await model.load(batches) }
    if case .failure(let error) = loaded {
      Issue.record(
        "load(_:) never returned, though its stream finished: append each batch, with for await, until the stream ends. (\(error)) [replace-images]"
      )
    }
    #expect(
      model.images == (0..<4).flatMap { ImageBatchLoader.batch($0, size: 2) },
      "Append each batch, with for await, until the stream ends. [replace-images]")
    // A second load adds to what the first one showed.
    let more = AsyncStream<[UIImage]> { continuation in
      for index in 4..<6 { continuation.yield(ImageBatchLoader.batch(index, size: 2)) }
      continuation.finish()
    }
    let first = model.images.count
    _ = await withDeadlineResult("a second StreamingGalleryViewModel.load(_:)") { await model.load(more) }
    #expect(
      first != 8 || model.images == (0..<6).flatMap { ImageBatchLoader.batch($0, size: 2) },
      "After a load that showed 8 images, a second load of 4 more left \(model.images.count): `load(_:)` appends to the images already shown, so a second load adds to the first's. [replace-images]"
    )
    // Two loads at once: each appends to what is shown when its batch comes, not to what was shown when
    // it began, whatever the other added meanwhile.
    let both = StreamingGalleryViewModel()
    let (firstStream, firstBatches) = AsyncStream.makeStream(of: [UIImage].self)
    let (secondStream, secondBatches) = AsyncStream.makeStream(of: [UIImage].self)
    firstBatches.yield(ImageBatchLoader.batch(10, size: 1))
    secondBatches.yield(ImageBatchLoader.batch(20, size: 1))
    let loads = [Task { await both.load(firstStream) }, Task { await both.load(secondStream) }]
    _ = await eventually { @MainActor in both.images.count >= 2 }
    firstBatches.yield(ImageBatchLoader.batch(11, size: 1))
    firstBatches.finish()
    _ = await withDeadlineResult("the first of two overlapping loads") { await loads[0].value }
    secondBatches.yield(ImageBatchLoader.batch(21, size: 1))
    secondBatches.finish()
    _ = await withDeadlineResult("the second of two overlapping loads") { await loads[1].value }
    let expected = [10, 11, 20, 21].flatMap { ImageBatchLoader.batch($0, size: 1) }
    #expect(
      both.images.count == expected.count && Set(both.images.map(\.description)) == Set(expected.map(\.description)),
      "Two loads ran at once, each given two batches, and the view model shows \(both.images.map(\.description)): each batch is appended to what is shown when it comes. A load that rebuilds `images` from what it saw when it began wipes out what the other load added across its `await`. [replace-images]"
    )
  }
}

/// The result of `operation`, or a `DeadlineExceeded` failure, without throwing.
///
/// The standard deadline: a stream of a few batches ends in milliseconds, and a machine busy with other
/// suites' child processes (under the thread sanitizer, each a heavy start) is waited out by the kit's
/// hang check, not by a longer deadline.
func withDeadlineResult<T: Sendable>(
  _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error> {
  do { return .success(try await withDeadline(what, operation: operation)) } catch {
    return .failure(error)
  }
}
