// Wrong answer to exercise 4.1 · no-cancel
// Mistake: "The download ends by itself and finishes the stream; a consumer that stops early only
//   misses a few progress values, so nothing needs cancelling."
// Anti-pattern: no-cancel
// Failure says: but the download went on

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    download.start(
      progress: { continuation.yield($0) },
      completion: { _ in continuation.finish() })
  }
}
