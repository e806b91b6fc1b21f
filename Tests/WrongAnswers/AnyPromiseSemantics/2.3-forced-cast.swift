// Wrong answer to exercise 2.3 · forced-cast
// Mistake: The caller asked for a T, so the value is a T: `as!` says so.
// Anti-pattern: wrong-type-is-nil
// Failure says: Could not cast value of type

import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  guard promise.isResolved else { return nil }
  let value = promise.objc.value
  if promise.isRejected {
    // When rejected, `value` is the error: ask `isRejected` before reading it as a result.
    return .failure(value as? any Error ?? AnyPromise.CastError(expected: (any Error).self, actual: value))
  }
  guard let value else { return .success(nil) }
  return .success(value as! T)
}
