// Wrong answer to exercise 3.5 · legacy-cancelled-error
// Mistake: Whoever takes the continuation first resumes it: onCancel cancels the download, then takes
//   it.
// Anti-pattern: both-resume
// Failure says: A cancelled load throws `CancellationError`, once: it threw cancelled

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
    let state = Locked<
      (task: DownloadTask?, continuation: CheckedContinuation<Thumbnail, any Error>?, cancelled: Bool)
    >(
      (nil, nil, false))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let cancelledEarly = state.withLock { state in
          state.continuation = continuation
          return state.cancelled
        }
        if cancelledEarly {
          state.withLock { $0.continuation.take() }?.resume(throwing: CancellationError())
          return
        }
        let task = downloader.download(id: id) { result in
          state.withLock { $0.continuation.take() }?.resume(with: result)
        }
        let cancelled = state.withLock { state in
          state.task = task
          return state.cancelled
        }
        if cancelled { task.cancel() }
      }
    } onCancel: {
      let task = state.withLock { state in
        state.cancelled = true
        return state.task
      }
      task?.cancel()  // the downloader answers with its own error, which resumes the task
      state.withLock { $0.continuation.take() }?.resume(throwing: CancellationError())
    }
  }
}
