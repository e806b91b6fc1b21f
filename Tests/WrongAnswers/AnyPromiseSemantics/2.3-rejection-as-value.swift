// Wrong answer to exercise 2.3 · rejection-as-value
// Mistake: `value` holds the result, so the function reads it first and checks for an error only when
//   the cast fails.
// Anti-pattern: rejection-as-value
// Failure says: When an AnyPromise is rejected, `value` holds the error: check `isRejected` first

import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  guard promise.isResolved else { return nil }
  let value = promise.objc.value
  guard let value else { return .success(nil) }
  if let typed = value as? T { return .success(typed) }
  if let error = value as? any Error { return .failure(error) }
  guard let typed = value as? T else { return .failure(AnyPromise.CastError(expected: T.self, actual: value)) }
  return .success(typed)
}
