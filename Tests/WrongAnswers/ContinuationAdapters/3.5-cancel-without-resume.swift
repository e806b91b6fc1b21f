// Wrong answer to exercise 3.5 · cancel-without-resume
// Mistake: onCancel cancels the download, or marks it for cancelling when the task is not known yet,
//   and the download's completion resumes the continuation, translated to CancellationError.
// Anti-pattern: cancel-without-resume
// Failure says: This downloader stays silent after a cancel: resume from onCancel yourself

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
    let handle = Locked<(task: DownloadTask?, cancelled: Bool)>((nil, false))
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        if handle.withLock({ $0.cancelled }) {
          continuation.resume(throwing: CancellationError())  // cancelled before we began: start nothing
          return
        }
        let task = downloader.download(id: id) { result in
          continuation.resume(with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
        }
        let cancelled = handle.withLock { state in
          state.task = task
          return state.cancelled
        }
        if cancelled { task.cancel() }  // cancelled while it was starting
      }
    } onCancel: {
      let task = handle.withLock { state in
        state.cancelled = true
        return state.task
      }
      task?.cancel()  // the download answers the cancel, and its completion resumes
    }
  }
}
