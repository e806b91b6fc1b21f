// Exercise 4.1 · Progress callbacks to AsyncStream
// Grade 1 (warm-up) · Lesson: Docs/04-repeating-sources.md#from-callbacks-to-a-stream
// Check it: swift run course check 4.1   (or: swift test --filter RepeatingSourcesTests.Ex4_1_ProgressStreamTests)
//
// `ProgressDownload.start(progress:completion:)` reports progress many times, then
// completes (or fails) once.
// Turn it into an `AsyncStream<Double>` that yields every progress value, in order. [newest-only] [task-per-value]
// It finishes when the download ends, either way. [no-finish]
// It starts the download once, when the stream is created. [start-in-task]
// A consumer that stops early (it leaves its loop, or its task is cancelled) cancels the
// download. [no-cancel] Cancelling a download that has ended does nothing, so the stream may
// cancel it whenever it terminates.

import CourseCatalog
import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  _ = NotStarted("4.1")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}
