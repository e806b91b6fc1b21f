// Wrong answer to exercise 4.1 · newest-only
// Mistake: "A progress bar only ever shows the latest value, so the stream needs to keep only the
//   newest one."
// Anti-pattern: newest-only
// Failure says: the stream dropped the others while the consumer was behind
// Also says: values yielded while nobody was reading were dropped

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
    download.start(progress: { continuation.yield($0) }, completion: { _ in continuation.finish() })
    continuation.onTermination = { _ in download.cancel() }
  }
}
