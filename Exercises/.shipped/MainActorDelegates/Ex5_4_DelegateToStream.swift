// Exercise 5.4 · Delegate to stream
// Grade 3 (challenge) · Lesson: Docs/05-mainactor-delegates.md#delegate-to-stream
// Check it: swift run course check 5.4   (or: swift test --filter MainActorDelegatesTests.Ex5_4_DelegateToStreamTests)
//
// Expose the loader's batches as an `AsyncStream`, consumed with `for await` by a
// view model:
//   - `imageBatches(makeLoader:)` makes the loader (with a delegate of yours), starts it,
//     and returns its batches, every one, in order, keeping the loader for as long as the stream
//     lives (nothing else owns it, and some SDK objects need an owner). [wrong-batches] [unretained-delegate]
//   - The stream finishes when the loader finishes. [no-finish]
//   - A consumer that stops (breaks, is cancelled) stops the loader, and its loop
//     ends. [no-stop] [unfolding-batches]
//   - `StreamingGalleryViewModel.load(_:)` appends every batch's images to those it
//     already shows (a second `load` adds to the first's), on the main actor. [replace-images]

import CourseCatalog
import LegacyKit

/// The batches of a loader made by `makeLoader`, as a stream that ends when the loader does.
public func imageBatches(
  makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
) -> AsyncStream<[UIImage]> {
  _ = NotStarted("5.4", "imageBatches(makeLoader:)")  // Replace these two lines.
  return AsyncStream { $0.finish() }
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
    _ = NotStarted("5.4", "StreamingGalleryViewModel.load(_:)")  // Replace this line.
  }
}
