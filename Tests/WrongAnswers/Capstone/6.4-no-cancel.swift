// Wrong answer to exercise 6.4 · no-cancel
// Mistake: "The download ends by itself, so the stream has nothing to clean up."
// Anti-pattern: no-cancel
// Failure says: The consumer stopped, but the download runs on

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
      download.start(progress: { continuation.yield($0) }, completion: { _ in continuation.finish() })
    }
  }
}
