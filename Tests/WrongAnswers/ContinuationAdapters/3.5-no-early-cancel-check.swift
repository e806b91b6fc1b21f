// Wrong answer to exercise 3.5 · no-early-cancel-check
// Mistake: onCancel takes the continuation and cancels the download, under one lock; that covers every
//   ordering.
// Anti-pattern: no-early-cancel-check
// Failure says: `onCancel` runs at once, before the operation, when the task is already cancelled

import LegacyKit
import Locking

/// Thumbnails from the legacy downloader, `async` and cancellable.
public struct ThumbnailLoader: Sendable {
  /// The legacy downloader.
  public let downloader: ImageDownloader

  /// A loader over `downloader`.
  public init(downloader: ImageDownloader) {
    self.downloader = downloader
  }

  /// The thumbnail of image `id`; throws `CancellationError` when the calling task is cancelled.
  public func thumbnail(id: Int) async throws -> Thumbnail {
    let state = Locked<(task: DownloadTask?, continuation: CheckedContinuation<Thumbnail, any Error>?)>((nil, nil))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.continuation = continuation }
        let task = downloader.download(id: id) { result in
          state.withLock { $0.continuation.take() }?.resume(
            with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
        }
        state.withLock { $0.task = task }
      }
    } onCancel: {
      let (task, continuation) = state.withLock { ($0.task, $0.continuation.take()) }
      task?.cancel()
      continuation?.resume(throwing: CancellationError())
    }
  }
}
