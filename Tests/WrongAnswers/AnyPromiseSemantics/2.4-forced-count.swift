// Wrong answer to exercise 2.4 · forced-count
// Mistake: Every login sends a count, so `as!` reads it.
// Anti-pattern: zero-is-none
// Failure says: do not assume the manifold (no `as!`, no `!`)

import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  login.objc.then { name, count -> (any Sendable)? in
    // Two parameters receive the manifold's first two values; a value that was not sent is nil.
    let user = name as? String ?? "someone"
    return "\(user): \(count as! Int) unread"
  }
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.then { log.record("acknowledged") }  // no parameters, returns nothing: fulfills with nil
}
