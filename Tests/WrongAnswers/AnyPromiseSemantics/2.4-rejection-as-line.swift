// Wrong answer to exercise 2.4 · rejection-as-line
// Mistake: A failed login should still show a line, so the summary catches the error and describes it.
// Anti-pattern: rejection-as-line
// Failure says: do not turn it into a line

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
  .objc.catch { (error: any Error) -> (any Sendable)? in "login failed: \(error)" }
}

/// Writes "acknowledged" once the login fulfills; fulfills with nil.
public func acknowledge(_ login: AnyPromise, log: CallLog) -> AnyPromise {
  login.objc.then { log.record("acknowledged") }  // no parameters, returns nothing: fulfills with nil
}
