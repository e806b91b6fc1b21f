// Wrong answer to exercise 2.4 · swift-face
// Mistake: Typed promises are easier to read: adopt the login with `asPromise()`, map its value on
//   the Swift face, and wrap the line back up as an `AnyPromise`.
// Anti-pattern: one-parameter
// Failure says: A two-parameter handler gets the first two of the three values

import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  AnyPromise(
    login.asPromise().map { value -> String in
      if let (name, count) = value as? (String, Int) { return "\(name): \(count) unread" }
      return "\(value as? String ?? "someone"): no unread"
    })
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.then { log.record("acknowledged") }
}
