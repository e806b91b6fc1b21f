// Wrong answer to exercise 5.4 · unfolding-cancel-only
// Mistake: "`AsyncStream(unfolding:onCancel:)` hands out one batch per `next()`; a `next()` that
//   ends when its task is cancelled, and an `onCancel` that stops the loader, cover a consumer that
//   stops."
// Anti-pattern: no-stop
// Failure says: The consumer broke out of its for-await loop and let the stream go, but the loader goes on

import LegacyKit
import Locking

/// The batches of a loader made by `makeLoader`, as a stream that ends when the loader does.
public func imageBatches(
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> AsyncStream<[UIImage]> {
  // One batch per `next()`, from a queue the delegate fills; the stream holds the delegate, and a
  // cancel ends the wait for the next batch and stops the loader.
  let delegate = QueueingDelegate()
  let loader = makeLoader(delegate)
  loader.start()
  return AsyncStream(
    unfolding: { await delegate.next() },
    onCancel: { withExtendedLifetime(delegate) { loader.stop() } })
}

/// Batches that arrived, whether the loader finished, and the one reader waiting for what comes next.
private final class QueueingDelegate: ImageBatchLoaderDelegate, Sendable {
  private let state = Locked<(queued: [[UIImage]], finished: Bool, waiting: CheckedContinuation<[UIImage]?, Never>?)>(
    ([], false, nil))

  func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    hand(batch)
  }

  func imageLoaderDidFinish(_ loader: ImageBatchLoader) {
    hand(nil)
  }

  private func hand(_ batch: [UIImage]?) {
    let reader = state.withLock { state -> CheckedContinuation<[UIImage]?, Never>? in
      guard let waiting = state.waiting else {
        if let batch { state.queued.append(batch) } else { state.finished = true }
        return nil
      }
      state.waiting = nil
      return waiting
    }
    reader?.resume(returning: batch)
  }

  func next() async -> [UIImage]? {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> [UIImage]?? in
          if !state.queued.isEmpty { return .some(state.queued.removeFirst()) }
          if state.finished { return .some(nil) }
          state.waiting = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      // A cancelled reader ends its wait with the end of the stream.
      hand(nil)
    }
  }
}

/// A gallery that consumes a stream of batches.
@MainActor
public final class StreamingGalleryViewModel {
  /// Every image loaded so far.
  public private(set) var images: [UIImage] = []

  /// A view model with no images yet.
  public init() {}

  /// Appends every batch of `batches`, until the stream ends.
  public func load(_ batches: AsyncStream<[UIImage]>) async {
    for await batch in batches {  // each iteration resumes on the main actor
      images.append(contentsOf: batch)
    }
  }
}
