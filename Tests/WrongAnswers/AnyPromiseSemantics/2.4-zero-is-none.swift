// Wrong answer to exercise 2.4 · zero-is-none
// Mistake: No unread messages, or none reported: either way the line says there are none.
// Anti-pattern: zero-is-none
// Failure says: A second value of 0 was sent

import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  login.objc.then { name, count -> (any Sendable)? in
    // Two parameters receive the manifold's first two values; a value that was not sent is nil.
    let user = name as? String ?? "someone"
    guard let count = count as? Int, count > 0 else { return "\(user): no unread" }
    return "\(user): \(count) unread"
  }
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.then { log.record("acknowledged") }  // no parameters, returns nothing: fulfills with nil
}
