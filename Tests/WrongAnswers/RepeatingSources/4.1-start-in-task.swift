// Wrong answer to exercise 4.1 · start-in-task
// Mistake: "The builder closure is synchronous; starting the download belongs in a Task, so that
//   creating the stream returns at once."
// Anti-pattern: start-in-task
// Failure says: Start the source once, inside the builder closure, when the stream is created

import LegacyKit

/// The download's progress, from 0 to 1, as a stream that ends with the download.
public func progressUpdates(of download: ProgressDownload) -> AsyncStream<Double> {
  AsyncStream { continuation in
    Task {
      download.start(progress: { continuation.yield($0) }, completion: { _ in continuation.finish() })
    }
    continuation.onTermination = { _ in download.cancel() }
  }
}
