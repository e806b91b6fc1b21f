// Wrong answer to exercise 4.1 · task-per-value
// Mistake: "The download calls back on its own queue; hand each value to the async world in a Task,
//   as I did with the completion handlers."
// Anti-pattern: task-per-value
// Failure says: Yield directly from the callback

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    download.start(
      progress: { value in Task { continuation.yield(value) } },
      completion: { _ in continuation.finish() })
    continuation.onTermination = { _ in download.cancel() }
  }
}
