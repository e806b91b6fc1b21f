// Exercise 2.3 · Read a settled AnyPromise
// Grade 2 (practice) · Lesson: Docs/02-anypromise-semantics.md#reading-a-settled-anypromise
// Check it: swift run course check 2.3   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_3_ReadSettledValueTests)
//
// Legacy code polls `AnyPromise`s that have settled. Write the helper that turns one
// into a typed result, without confusing a value with an error: [rejection-as-value]
//   - still pending: nil; [value-first]
//   - rejected: `.failure` with the error (remember: `objc.value` holds the error then); [rejection-as-value]
//   - fulfilled with nil: `.success(nil)`; [nil-is-failure]
//   - fulfilled with a `T`: `.success(value)`; [fulfilled-value-lost]
//   - fulfilled with anything else: `.failure(AnyPromise.CastError(expected: T.self, actual: value))`.
//     [wrong-type-is-nil] [cast-error-fields]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// The settled outcome of `promise` as a `T`, or nil while it is pending.
public func settledResult<T>(of promise: AnyPromise, as type: T.Type) -> Swift.Result<T?, any Error>? {
  _ = NotStarted("2.3")  // Replace these two lines.
  return nil
}
