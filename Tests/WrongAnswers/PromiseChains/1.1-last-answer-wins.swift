// Wrong answer to exercise 1.1 · last-answer-wins
// Mistake: The service sometimes answers twice; the later answer is the fresher one, so the wrapper
//   waits a moment for it.
// Anti-pattern: last-answer-wins
// Failure says: A promise settles once: the first callback decides

import Dispatch
import LegacyKit
import Locking
import PromiseKitLite

/// Signs `user` in through the legacy service and returns the session as a promise.
public func signIn(with auth: AuthService, user: String, password: String) -> Promise<Session> {
  let latest = Locked<(Session?, (any Error)?)>((nil, nil))
  return Promise { seal in
    auth.login(user: user, password: password) { session, error in
      latest.withLock { $0 = (session, error) }
      DispatchQueue.global().asyncAfter(deadline: .now() + 0.01) {
        let (session, error) = latest.withLock { $0 }
        seal.resolve(session, error)
      }
    }
  }
}
