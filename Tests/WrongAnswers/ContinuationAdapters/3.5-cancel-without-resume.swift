// Wrong answer to exercise 3.5 · cancel-without-resume
// Mistake: onCancel cancels the download, and the download's completion resumes the continuation,
//   translated to CancellationError.
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
    let handle = Locked<DownloadTask?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = downloader.download(id: id) { result in
          continuation.resume(with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
        }
        handle.withLock { $0 = task }
      }
    } onCancel: {
      handle.withLock { $0 }?.cancel()
    }
  }
}
