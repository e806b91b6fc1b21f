// Wrong answer to exercise 6.4 · no-finish
// Mistake: "The last progress value is 1.0: the consumer knows the sync is over when it sees it."
// Anti-pattern: one-download
// Failure says: The download completed, but the stream never ended

import LegacyKit

/// The dashboard's sync progress, from the legacy progress-callback download.
public struct DownloadSyncSource: SyncProgressSource {
  /// Makes the download each sync runs.
  public let makeDownload: @Sendable () -> ProgressDownload

  /// A source whose syncs run downloads made by `makeDownload`.
  public init(makeDownload: @escaping @Sendable () -> ProgressDownload) {
    self.makeDownload = makeDownload
  }

  public func syncProgress() -> AsyncStream<Double> {
    let download = makeDownload()
    return AsyncStream { continuation in
      download.start(progress: { continuation.yield($0) }, completion: { _ in })
      continuation.onTermination = { _ in download.cancel() }
    }
  }
}
