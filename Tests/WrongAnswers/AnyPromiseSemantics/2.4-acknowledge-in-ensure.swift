// Wrong answer to exercise 2.4 · acknowledge-in-ensure
// Mistake: The login is acknowledged once it is over, in `ensure`, so it is never forgotten.
// Anti-pattern: rejection-as-line
// Failure says: do not run the side effect

import LegacyKit
import PromiseKitLite

/// The login's summary line.
public func summary(of login: AnyPromise) -> AnyPromise {
  login.objc.then { name, count -> (any Sendable)? in
    // Two parameters receive the manifold's first two values; a value that was not sent is nil.
    let user = name as? String ?? "someone"
    guard let count = count as? Int else { return "\(user): no unread" }
    return "\(user): \(count) unread"
  }
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.ensure { log.record("acknowledged") }.objc.then { () -> (any Sendable)? in nil }
}
