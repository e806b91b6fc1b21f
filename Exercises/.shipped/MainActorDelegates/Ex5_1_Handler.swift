// Exercise 5.1 · The handler: forward to the main actor
// Grade 1 (warm-up) · Lesson: Docs/05-mainactor-delegates.md#the-handler
// Check it: swift run course check 5.1   (or: swift test --filter MainActorDelegatesTests.Ex5_1_HandlerTests)
//
// `ImageBatchLoader` calls its delegate on a background queue.
// Make `ImageBatchHandler` forward each batch to `didLoadBatch`, a closure isolated to the
// main actor, without blocking the loader's queue and without assuming it is already on the
// main actor. [drops-batches] [sync-unless-on-main] [wrap-in-assume-isolated]
// Batches reach `didLoadBatch` in the order the loader delivered them, whether it delivered them on
// its background queue or on the main queue itself. [task-per-callback]
// Called on the main queue itself, the handler neither blocks nor deadlocks. [main-sync]
// A batch handed over before the handler is released still reaches `didLoadBatch` (the
// loader let go of a handler, not of the screen). [weak-handler]
// (This target treats warnings as errors: Swift 6, clean.)

import CourseCatalog
import LegacyKit

/// Forwards the loader's batches, from its background queue, to a main-actor closure.
public final class ImageBatchHandler: ImageBatchLoaderDelegate, Sendable {
  /// Receives each batch, on the main actor.
  public let didLoadBatch: @MainActor @Sendable ([UIImage]) -> Void

  /// A handler that forwards to `didLoadBatch`.
  public init(didLoadBatch: @escaping @MainActor @Sendable ([UIImage]) -> Void) {
    self.didLoadBatch = didLoadBatch
  }

  public func imageLoader(_ loader: ImageBatchLoader, didLoadBatch batch: [UIImage]) {
    _ = NotStarted("5.1")  // Replace this line.
  }
}
