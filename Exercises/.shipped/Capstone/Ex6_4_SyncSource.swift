// Exercise 6.4 · Source 3: the progress callback
// Grade 3 (challenge) · Lesson: Docs/06-capstone.md#one-source-at-a-time
// Check it: swift run course check 6.4   (or: swift test --filter CapstoneTests.Ex6_4_SyncSourceTests)
//
// The third legacy source: a `ProgressDownload` that reports progress many times,
// behind `SyncProgressSource`. Each call of `syncProgress()` starts a new download
// made by `makeDownload`, and its stream ends when the download does. [one-download]
// A consumer that stops cancels it. [no-cancel]
// Every value the download reports arrives, in order. [task-per-value]
// A consumer that starts reading late still gets every value. [newest-only]

import CourseCatalog
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
    _ = NotStarted("6.4")  // Replace these two lines.
    return AsyncStream { $0.finish() }
  }
}
