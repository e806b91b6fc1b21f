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
  /// PromiseKit 8's words for each error, to the letter, so that code (and a test suite) written
  /// against PromiseKit reads the same text here: `error.localizedDescription` of a `noWinner` is
  /// "All thenables passed to race(fulfilled:) were rejected" in both libraries.
  public var description: String {
    switch self {
    case .invalidCallingConvention:
      "A closure was called with an invalid calling convention, probably (nil, nil)"
    case .returnedSelf:
      "A promise handler returned itself"
    case .badInput:
      "Bad input was provided to a PromiseKit function"
    case .cancelled:
      "The asynchronous sequence was cancelled"
    case .compactMap(let value, let type):
      "Could not `compactMap<\(type)>`: \(value)"
    case .emptySequence:
      "The first or last element was requested for an empty sequence"
    case .noWinner:
      "All thenables passed to race(fulfilled:) were rejected"
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
