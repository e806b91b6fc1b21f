// Wrong answer to exercise 2.3 · value-first
// Mistake: `value` is nil until the promise settles, so reading it tells pending and nil apart well
//   enough.
// Anti-pattern: value-first
// Failure says: A pending promise has no result yet

import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  let value = promise.objc.value
  if promise.isRejected {
    // When rejected, `value` is the error: ask `isRejected` before reading it as a result.
    return .failure(value as? any Error ?? AnyPromise.CastError(expected: (any Error).self, actual: value))
  }
  guard let value else { return .success(nil) }
  guard let typed = value as? T else { return .failure(AnyPromise.CastError(expected: T.self, actual: value)) }
  return .success(typed)
}
