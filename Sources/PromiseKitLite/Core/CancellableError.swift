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
  /// Recognises what PromiseKit 8 recognises: ``CancellableError`` values
  /// (``PMKError/cancelled`` among them), `URLError.cancelled`,
  /// `CocoaError.userCancelled`, and StoreKit's cancelled payment (`SKErrorDomain`,
  /// code 2), so a user who taps Cancel in a system sheet sees no error alert. The
  /// course adds Swift concurrency's `CancellationError`, so that a chain mixing
  /// promises with `async` code treats every kind of cancellation alike.
  public var isCancelled: Bool {
    switch self {
    case let error as any CancellableError: return error.isCancelled
    case is CancellationError: return true
    case let error as URLError where error.code == .cancelled: return true
    case let error as CocoaError where error.code == .userCancelled: return true
    default:
      let error = self as NSError
      return error.domain == "SKErrorDomain" && error.code == 2
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
