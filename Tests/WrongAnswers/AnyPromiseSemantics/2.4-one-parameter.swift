// Wrong answer to exercise 2.4 · one-parameter
// Mistake: The login resolves with one value, a manifold; the handler takes it and reads the name and
//   the count out of it.
// Anti-pattern: one-parameter
// Failure says: A two-parameter handler gets the first two of the three values

import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  login.objc.then { (value: (any Sendable)?) -> (any Sendable)? in
    let parts = value as? [any Sendable] ?? [value ?? "someone"]
    let user = parts.first as? String ?? "someone"
    guard parts.count > 1, let count = parts[1] as? Int else { return "\(user): no unread" }
    return "\(user): \(count) unread"
  }
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.then { log.record("acknowledged") }  // no parameters, returns nothing: fulfills with nil
}
