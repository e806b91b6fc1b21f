// Wrong answer to exercise 1.1 · trimmed-user
// Mistake: Users paste their name with spaces around it, so the wrapper trims it before it signs in.
// Anti-pattern: retry-login
// Failure says: pass the credentials through

import Foundation
import LegacyKit
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  Promise { seal in
    auth.login(user: user.trimmingCharacters(in: .whitespaces).lowercased(), password: password) { session, error in
      // One call covers all four cases: an error wins, a session fulfills, and
      // (nil, nil) rejects with PMKError.invalidCallingConvention. An if/else-if on
      // the two optionals forgets that last case and leaves the promise pending forever.
      seal.resolve(session, error)
    }
  }
}
