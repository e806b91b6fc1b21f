// Wrong answer to exercise 3.5 · both-resume
// Mistake: onCancel resumes with CancellationError, so the task never waits for the downloader; the
//   completion resumes with the answer.
// Anti-pattern: both-resume
// Failure says: resumed its continuation twice, and the runtime trapped

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
        if Task.isCancelled {
          continuation.resume(throwing: CancellationError())
          return
        }
        let task = downloader.download(id: id) { result in
          continuation.resume(with: result)
        }
        state.withLock { $0.task = task }
      }
    } onCancel: {
      let (task, continuation) = state.withLock { ($0.task, $0.continuation) }
      task?.cancel()
      continuation?.resume(throwing: CancellationError())
    }
  }
}
