// Wrong answer to exercise 4.1 · no-finish
// Mistake: "Every progress value shows up in the demo, so the stream works; the completion has no
//   value to yield, so there is nothing to do in it."
// Anti-pattern: no-finish
// Failure says: The download completed, but the stream never finished

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    download.start(progress: { continuation.yield($0) }, completion: { _ in })
    continuation.onTermination = { _ in download.cancel() }
  }
}
