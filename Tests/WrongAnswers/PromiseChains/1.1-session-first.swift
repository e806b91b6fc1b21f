// Wrong answer to exercise 1.1 · session-first
// Mistake: If the service managed to send a session, the user is signed in; the error only matters
//   without one.
// Anti-pattern: session-first
// Failure says: When the callback delivers both, the error wins

import LegacyKit
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  Promise { seal in
    auth.login(user: user, password: password) { session, error in
      if let session {
        seal.fulfill(session)
      } else {
        seal.reject(error ?? PMKError.invalidCallingConvention)
      }
    }
  }
}
