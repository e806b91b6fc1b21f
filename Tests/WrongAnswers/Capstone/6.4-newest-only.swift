// Wrong answer to exercise 6.4 · newest-only
// Mistake: "A progress bar only ever shows the latest value, so buffer just the newest one."
// Anti-pattern: newest-only
// Failure says: A consumer that started reading after the download ended got

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
    return AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
      download.start(progress: { continuation.yield($0) }, completion: { _ in continuation.finish() })
      continuation.onTermination = { _ in download.cancel() }
    }
  }
}
