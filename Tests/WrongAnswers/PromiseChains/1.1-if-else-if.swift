// Wrong answer to exercise 1.1 · if-else-if
// Mistake: A session fulfills, an error rejects: those are the two answers the service documents.
// Anti-pattern: if-else-if
// Failure says: an if/else-if on the two optionals leaves the promise pending forever

import LegacyKit
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  Promise { seal in
    auth.login(user: user, password: password) { session, error in
      if let error {
        seal.reject(error)
      } else if let session {
        seal.fulfill(session)
      }
    }
  }
}
