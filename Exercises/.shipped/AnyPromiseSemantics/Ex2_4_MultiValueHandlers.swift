// Exercise 2.4 · Handlers of zero to three parameters
// Grade 2 (practice) · Lesson: Docs/02-anypromise-semantics.md#many-values-zero-to-three-parameters
// Check it: swift run course check 2.4   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_4_MultiValueHandlersTests)
//
// The legacy login resolves its `AnyPromise` with up to three values at once, as
// Objective-C's `PMKManifold(user, unreadCount, lastLogin)`; older servers send the
// user's name alone.
//   - `summary(of:)`: "<name>: <count> unread", or "<name>: no unread" when there is
//     no count. Use `login.objc.then` (the Objective-C face) with a handler of two parameters.
//     [one-parameter] [zero-is-none]
//   - `acknowledge(_:log:)`: once the login fulfills, write "acknowledged" to the log, once;
//     the result fulfills with nil, as a handler of no parameters that returns nothing makes it.
//     [acknowledged-not-once] [acknowledge-passes-value]
// A rejected login passes through both untouched. [rejection-as-line]
// The handlers' forms are the lesson's way; the tests check what each function returns and writes.

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  AnyPromise.value(NotStarted("2.4", "summary(of:)"))  // Replace this line.
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  AnyPromise.value(NotStarted("2.4", "acknowledge(_:log:)"))  // Replace this line.
}
