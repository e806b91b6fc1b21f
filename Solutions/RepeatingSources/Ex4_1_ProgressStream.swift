// Exercise 4.1 · Progress callbacks to AsyncStream · solution

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    download.start(
      progress: { continuation.yield($0) },
      completion: { _ in continuation.finish() })  // without finish(), the consumer's loop never ends
    continuation.onTermination = { _ in download.cancel() }  // a consumer that stops early stops the download
  }
}
