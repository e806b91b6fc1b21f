// Wrong answer to exercise 2.3 · optional-expected-type
// Mistake: "The helper returns a `T?`, so what the promise should have held is a `T?`: that is the type
//   to name in the `CastError`."
// Anti-pattern: cast-error-fields
// Failure says: Say what was expected and what came

import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  guard promise.isResolved else { return nil }
  let value = promise.objc.value
  if promise.isRejected {
    // When rejected, Objective-C's `value` is the error: ask `isRejected` before reading it as a result.
    return .failure(value as? any Error ?? AnyPromise.CastError(expected: (any Error).self, actual: value))
  }
  guard let value else { return .success(nil) }
  guard let typed = value as? T else { return .failure(AnyPromise.CastError(expected: T?.self, actual: value)) }
  return .success(typed)
}
