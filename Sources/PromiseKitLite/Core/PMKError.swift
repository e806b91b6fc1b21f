import Foundation

/// The errors PromiseKitLite itself produces.
///
/// Each one names a misuse or an impossible input, so that a rejected chain says
/// what went wrong instead of hanging.
///
/// `@unchecked Sendable` because of ``compactMap(_:_:)``'s metatype, which Swift 6 does
/// not mark `Sendable` although a type's metadata never changes; the value is `Sendable`.
public enum PMKError: Error, @unchecked Sendable {
  /// A `(value?, error?)` callback was called with `(nil, nil)`, which that convention forbids.
  case invalidCallingConvention
  /// A handler returned the very promise its `then` produced, which could never settle.
  case returnedSelf
  /// A function was given input it cannot work with, such as `race` with no promises.
  case badInput
  /// The operation was cancelled: neither success nor failure.
  case cancelled
  /// `compactMap` turned this value into `nil` where a value of this type was needed.
  case compactMap(any Sendable, any Any.Type)
  /// An operation needed at least one element and the sequence was empty.
  case emptySequence
  /// `race(fulfilled:)` saw every promise reject, so nothing won.
  case noWinner
}

extension PMKError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidCallingConvention:
      "A completion handler was called with neither a value nor an error (nil, nil); the promise rejects instead of waiting forever."
    case .returnedSelf:
      "A handler returned the promise that its own `then` created; that promise could never settle."
    case .badInput:
      "A promise function was given input it cannot use (for example `race` with no promises)."
    case .cancelled:
      "The operation was cancelled."
    case .compactMap(let value, let type):
      "compactMap could not turn \(value) into a value of type \(type): the transform returned nil."
    case .emptySequence:
      "The sequence was empty, but at least one element was needed."
    case .noWinner:
      "Every promise given to `race(fulfilled:)` rejected, so there was no winner."
    }
  }
}

extension PMKError: CustomDebugStringConvertible {
  /// The same sentence as ``description``: there is nothing more to say in a debugger.
  public var debugDescription: String { description }
}

extension PMKError: LocalizedError {
  /// The same sentence as ``description``, so `error.localizedDescription` says what went wrong.
  public var errorDescription: String? { description }
}

extension PMKError: CancellableError {
  public var isCancelled: Bool {
    if case .cancelled = self { return true }
    return false
  }
}
