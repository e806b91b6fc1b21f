// Wrong answer to exercise 1.1 · retry-login
// Mistake: Sign-in fails now and then on a bad network, so the wrapper tries once more before it
//   rejects.
// Anti-pattern: retry-login
// Failure says: Call the legacy service exactly once

import LegacyKit
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  Promise { seal in
    auth.login(user: user, password: password) { session, error in
      if error != nil {
        auth.login(user: user, password: password) { session, error in seal.resolve(session, error) }
        return
      }
      // One call covers all four cases: an error wins, a session fulfills, and
      // (nil, nil) rejects with PMKError.invalidCallingConvention. An if/else-if on
      // the two optionals forgets that last case and leaves the promise pending forever.
      seal.resolve(session, error)
    }
  }
}
