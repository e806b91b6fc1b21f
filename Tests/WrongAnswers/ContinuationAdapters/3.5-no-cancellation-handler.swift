// Wrong answer to exercise 3.5 · no-cancellation-handler
// Mistake: The continuation resumes when the download answers, and a cancelled task stops waiting by
//   itself.
// Anti-pattern: no-cancellation-handler
// Failure says: The download kept running: cancel it from withTaskCancellationHandler's onCancel

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
    try await withCheckedThrowingContinuation { continuation in
      downloader.download(id: id) { result in
        continuation.resume(with: result.mapError { ($0 as? LegacyError) == .cancelled ? CancellationError() : $0 })
      }
    }
  }
}
