// The lesson's example (Docs/07-proving-adapters.md#a-stream-start-to-end): a stream adapter that the
// lesson's tests read from its first value to its end.

import LegacyKit

/// A download's progress, every value in order, until it completes; throws the error it failed with.
///
/// A consumer that stops (it breaks out of its loop, or its task is cancelled) cancels the download.
func progressUpdates(of download: ProgressDownload) -> AsyncThrowingStream<Double, any Error> {
  AsyncThrowingStream { continuation in
    download.start(
      progress: { continuation.yield($0) },
      completion: { result in
        switch result {
        case .success: continuation.finish()
        case .failure(let error): continuation.finish(throwing: error)
        }
      })
    continuation.onTermination = { _ in download.cancel() }
  }
}
