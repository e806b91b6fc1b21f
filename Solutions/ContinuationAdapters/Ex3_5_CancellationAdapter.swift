// Exercise 3.5 · Cancellation · solution

import LegacyKit
import Locking

/// Thumbnails from the legacy downloader, `async` and cancellable.
public struct ThumbnailLoader: Sendable {
  /// The legacy downloader.
  public let downloader: ImageDownloader

  /// A loader over `downloader`.
  public init(downloader: ImageDownloader) {
    self.downloader = downloader
  }

  /// The thumbnail of image `id`; throws `CancellationError` when the calling task is cancelled.
  public func thumbnail(id: Int) async throws -> Thumbnail {
    let download = Locked(DownloadState.notStarted)
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        guard download.withLock({ $0.start(continuation) }) else {
          continuation.resume(throwing: CancellationError())  // cancelled before we began: start nothing
          return
        }
        let task = downloader.download(id: id) { result in
          download.withLock { $0.finish() }?.resume(
            with: result.mapError { $0.isCancellation ? CancellationError() : $0 })
        }
        if download.withLock({ $0.attach(task) }) { task.cancel() }  // cancelled while it was starting
      }
    } onCancel: {
      let (task, continuation) = download.withLock { $0.cancel() }
      task?.cancel()
      continuation?.resume(throwing: CancellationError())
    }
  }
}

/// One download's life, decided under one lock: whichever of the completion and the cancel comes
/// first takes the continuation, so it is resumed exactly once, whatever the order.
private enum DownloadState: Sendable {
  case notStarted
  case cancelledBeforeStart
  case running(DownloadTask?, CheckedContinuation<Thumbnail, any Error>)
  case cancelled
  case finished

  /// Begins waiting; `false` when the task was cancelled before it began.
  mutating func start(_ continuation: CheckedContinuation<Thumbnail, any Error>) -> Bool {
    guard case .notStarted = self else { return false }
    self = .running(nil, continuation)
    return true
  }

  /// Keeps the download's task; `true` when a cancel came while it was starting (cancel it then).
  mutating func attach(_ task: DownloadTask) -> Bool {
    switch self {
    case .running(nil, let continuation):
      self = .running(task, continuation)
      return false
    case .cancelled: return true
    default: return false
    }
  }

  /// The completion came: the continuation to resume, unless a cancel already resumed it.
  mutating func finish() -> CheckedContinuation<Thumbnail, any Error>? {
    guard case .running(_, let continuation) = self else { return nil }
    self = .finished
    return continuation
  }

  /// The awaiting task was cancelled: the download to cancel and the continuation to resume, if any.
  mutating func cancel() -> (DownloadTask?, CheckedContinuation<Thumbnail, any Error>?) {
    switch self {
    case .notStarted:
      self = .cancelledBeforeStart
      return (nil, nil)
    case .running(let task, let continuation):
      self = .cancelled
      return (task, continuation)
    case .cancelledBeforeStart, .cancelled, .finished:
      return (nil, nil)
    }
  }
}

extension Error {
  fileprivate var isCancellation: Bool {
    (self as? LegacyError) == .cancelled
  }
}
