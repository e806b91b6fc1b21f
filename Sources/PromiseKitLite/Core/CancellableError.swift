import Foundation

/// An error that can say it stands for a cancellation rather than a failure.
///
/// A cancelled operation did not succeed, but nothing went wrong either: the user
/// closed the screen. `catch` and `recover` therefore skip cancellations by default
/// (see ``CatchPolicy``), so a chain does not show an error alert for them.
public protocol CancellableError: Error {
  /// `true` when this error means the operation was cancelled.
  var isCancelled: Bool { get }
}

extension Error {
  /// `true` when this error stands for a cancellation.
  ///
  /// Recognises ``CancellableError`` values (``PMKError/cancelled`` among them),
  /// Swift concurrency's `CancellationError`, and `URLError.cancelled`, so a chain
  /// that mixes promises with `async` code treats every kind of cancellation alike.
  public var isCancelled: Bool {
    switch self {
    case let error as any CancellableError: return error.isCancelled
    case is CancellationError: return true
    case let error as URLError: return error.code == .cancelled
    default: return false
    }
  }
}

/// Which errors a `catch` or `recover` handler is given.
public enum CatchPolicy: Sendable {
  /// Every error, cancellations included.
  case allErrors
  /// Every error except cancellations, which pass through untouched (the default).
  case allErrorsExceptCancellation
}

extension CatchPolicy {
  @usableFromInline
  func handles(_ error: any Error) -> Bool {
    self == .allErrors || !error.isCancelled
  }
}
