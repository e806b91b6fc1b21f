// Wrong answer to exercise 6.4 · task-per-value
// Mistake: "The callback comes on a background queue, so hand each value to a task before yielding it."
// Anti-pattern: task-per-value
// Failure says: yield that comes after finish() is lost

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
        progress: { value in Task { continuation.yield(value) } },
        completion: { _ in continuation.finish() })
      continuation.onTermination = { _ in download.cancel() }
    }
  }
}
