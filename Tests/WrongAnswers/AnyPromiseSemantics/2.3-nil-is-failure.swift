// Wrong answer to exercise 2.3 · nil-is-failure
// Mistake: A settled promise without a value has nothing to show, so nil is reported as a failure.
// Anti-pattern: nil-is-failure
// Failure says: A promise fulfilled with nil is a success with nil, not a failure

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
  guard let value else { return .failure(AnyPromise.CastError(expected: T.self, actual: nil)) }
  guard let typed = value as? T else { return .failure(AnyPromise.CastError(expected: T.self, actual: value)) }
  return .success(typed)
}
