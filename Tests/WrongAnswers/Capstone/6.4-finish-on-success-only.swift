// Wrong answer to exercise 6.4 · finish-on-success-only
// Mistake: "The stream ends when the sync completes; a failed download has nothing to finish."
// Anti-pattern: one-download
// Failure says: The download failed, but the stream never ended

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
      download.start(
        progress: { continuation.yield($0) },
        completion: { result in
          if case .success = result { continuation.finish() }
        })
      continuation.onTermination = { _ in download.cancel() }
    }
  }
}
