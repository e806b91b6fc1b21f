// Exercise 2.2 · Resolve or reject
// Grade 1 (warm-up) · Lesson: Docs/02-anypromise-semantics.md#resolve-or-reject
// Check it: swift run course check 2.2   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_2_ResolveOrRejectTests)
//
// `StatusService.fetchStatus(completion:)` hands back one untyped object: a status
// string, an error, or nil ("no status yet", a valid answer); a newer server may send
// an object of another kind, such as a number. Wrap it in an `AnyPromise` that rejects
// on an error, with that error, and fulfills otherwise, nil and objects of every other
// kind included, with the object as it is. [error-as-text] [nil-rejects] [known-types-only] [altered-status]
// Ask the service once. [ask-again-on-nil]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// The service's status as an `AnyPromise`.
public func status(from service: StatusService) -> AnyPromise {
  AnyPromise.value(NotStarted("2.2"))  // Replace this line.
}
