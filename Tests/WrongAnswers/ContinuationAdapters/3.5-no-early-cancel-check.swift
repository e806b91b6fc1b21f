// Wrong answer to exercise 3.5 · no-early-cancel-check
// Mistake: onCancel takes the continuation and cancels the download, under one lock, or marks it for
//   cancelling while it starts; no continuation to take means the answer came first.
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
    let state = Locked<(task: DownloadTask?, pending: CheckedContinuation<Thumbnail, any Error>?, cancelled: Bool)>(
      (nil, nil, false))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        state.withLock { $0.pending = continuation }
        let task = downloader.download(id: id) { result in
          state.withLock { $0.pending.take() }?.resume(
            with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
        }
        let cancelled = state.withLock { state in
          state.task = task
          return state.cancelled
        }
        if cancelled { task.cancel() }  // cancelled while it was starting
      }
    } onCancel: {
      let (task, continuation) = state.withLock { state in
        let pending = state.pending.take()
        if pending != nil { state.cancelled = true }  // no continuation: the answer came first
        return (state.task, pending)
      }
      task?.cancel()
      continuation?.resume(throwing: CancellationError())
    }
  }
}
