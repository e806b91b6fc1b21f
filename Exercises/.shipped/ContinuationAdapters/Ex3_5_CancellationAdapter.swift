// Exercise 3.5 · Cancellation
// Grade 3 (challenge) · Lesson: Docs/03-continuation-adapters.md#cancellation
// Check it: swift run course check 3.5   (or: swift test --filter ContinuationAdaptersTests.Ex3_5_CancellationAdapterTests)
//
// `ImageDownloader.download(id:completion:)` returns a `DownloadTask` you can
// cancel. Bridge it to `async throws` so that:
//   - a download that is not cancelled returns its thumbnail; [thumbnail-not-returned]
//   - a failed download throws its own error; [download-error-replaced]
//   - cancelling the awaiting task cancels the download, and the call throws
//     `CancellationError` (whether or not the downloader calls back after a cancel); [no-cancellation-handler]
//     [cancel-without-resume] [both-resume]
//   - the download cancelled is the one this call started: another load of the same thumbnail
//     runs on; [another-download-cancelled]
//   - a task that is already cancelled does not leave a download running; [no-early-cancel-check]
//   - a cancel that comes while the download is starting, before you hold its task, still
//     cancels it; [cancel-before-task-known]
//   - a cancel that races the completion still resumes exactly once: neither leaves the
//     resume to the other. [both-resume] [neither-resumes]

import CourseCatalog
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
    throw NotStarted("3.5")  // Replace this line with your adapter.
  }
}
