// Wrong answer to exercise 4.1 · finish-on-success-only
// Mistake: "When the download succeeds the stream is complete, so that is where it finishes; a
//   failed download has no final value to report."
// Anti-pattern: no-finish
// Failure says: A failed download must end the stream as well

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    download.start(
      progress: { continuation.yield($0) },
      completion: { result in
        if case .success = result { continuation.finish() }
      })
    continuation.onTermination = { _ in download.cancel() }
  }
}
