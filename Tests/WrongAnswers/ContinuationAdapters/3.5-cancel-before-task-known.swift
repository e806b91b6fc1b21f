// Wrong answer to exercise 3.5 · cancel-before-task-known
// Mistake: I check `Task.isCancelled` before starting, keep the task once the download returns it, and
//   onCancel cancels whatever task it finds.
// Anti-pattern: cancel-before-task-known
// Failure says: A cancel that comes while the download is starting, before you hold its task, is
//   recorded

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
    let pending = Locked<CheckedContinuation<Thumbnail, any Error>?>(nil)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        pending.withLock { $0 = continuation }
        if Task.isCancelled {
          pending.withLock { $0.take() }?.resume(throwing: CancellationError())
          return
        }
        let task = downloader.download(id: id) { result in
          pending.withLock { $0.take() }?.resume(
            with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
        }
        handle.withLock { $0 = task }
      }
    } onCancel: {
      handle.withLock { $0 }?.cancel()
      pending.withLock { $0.take() }?.resume(throwing: CancellationError())
    }
  }
}
