// Wrong answer to exercise 2.3 · wrong-type-is-nil
// Mistake: A value of another type is as good as no value, so the result is nil.
// Anti-pattern: wrong-type-is-nil
// Failure says: do not pretend it was nil

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
  return .success(value as? T)
}
