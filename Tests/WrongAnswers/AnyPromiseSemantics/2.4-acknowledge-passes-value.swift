// Wrong answer to exercise 2.4 · acknowledge-passes-value
// Mistake: A handler that only logs should hand the login on, so the next step still has it.
// Anti-pattern: acknowledge-passes-value
// Failure says: A handler of no parameters that returns nothing fulfills with nil

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
  login.objc.then { (value: (any Sendable)?) -> (any Sendable)? in
    log.record("acknowledged")
    return value
  }
}
