// Wrong answer to exercise 2.3 · error-value-is-rejection
// Mistake: A rejected promise holds its error in `value`, so "is `value` an `Error`?" is the same
//   question as `isRejected`, and needs no second property.
// Lesson bullet: A promise fulfilled with an error is a success
// Failure says: A promise fulfilled with an error is a success

import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  guard !promise.isPending else { return nil }
  let value = promise.objc.value
  if let error = value as? any Error { return .failure(error) }
  guard let value else { return .success(nil) }
  guard let typed = value as? T else { return .failure(AnyPromise.CastError(expected: T.self, actual: value)) }
  return .success(typed)
}
