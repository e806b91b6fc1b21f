// Wrong answer to exercise 6.4 · one-download
// Mistake: "Make the download once, when the source is created, and start it for every sync."
// Anti-pattern: one-download
// Failure says: Each sync starts a download of its own

import LegacyKit

/// The dashboard's sync progress, from the legacy progress-callback download.
public struct DownloadSyncSource: SyncProgressSource {
  /// Makes the download each sync runs.
  public let makeDownload: @Sendable () -> ProgressDownload
  /// The download, made once: every sync reports its progress.
  private let download: ProgressDownload

  /// A source whose syncs run downloads made by `makeDownload`.
  public init(makeDownload: @escaping @Sendable () -> ProgressDownload) {
    self.makeDownload = makeDownload
    download = makeDownload()
  }

  public func syncProgress() -> AsyncStream<Double> {
    AsyncStream { [download] continuation in
      download.start(progress: { continuation.yield($0) }, completion: { _ in continuation.finish() })
      continuation.onTermination = { _ in download.cancel() }
    }
  }
}
