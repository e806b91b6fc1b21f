// The subject of exercise 7.5, with its mutants: a login adapter over the legacy `AuthService`.

import LegacyKit
import Locking

/// Logs in through the legacy `AuthService`, `async`, resuming exactly once whatever the service does.
///
/// It passes the credentials on as given and returns the service's own session. It throws the
/// service's own error, and `NeitherValueNorError` when the service answers with neither. The
/// first answer wins; a second one is ignored.
public struct Authenticator: Sendable {
  /// The legacy service.
  public let auth: AuthService

  /// An authenticator over `auth`.
  public init(auth: AuthService) {
    self.auth = auth
  }

  /// The session for `user`, logged in with `password`.
  public func login(user: String, password: String) async throws -> Session {
    let mutant = Mutant.chosen(for: "7.5")
    return try await withCheckedThrowingContinuation { continuation in
      let pending = Locked<CheckedContinuation<Session, any Error>?>(continuation)
      auth.login(user: user, password: mutant == "drops-password" ? "" : password) { session, error in
        guard let continuation = mutant == "no-guard" ? continuation : pending.withLock({ $0.take() }) else { return }
        switch (session, error, mutant) {
        case (_, _?, "never-on-failure"): return
        case (_, _?, "guest-on-failure"): continuation.resume(returning: Session(token: "", user: "guest"))
        case (_, _?, "generic-error"): continuation.resume(throwing: AdapterFailed())
        case (_, let error?, _): continuation.resume(throwing: error)
        case (_?, nil, "builds-own-session"):
          continuation.resume(returning: Session(token: "token-\(user)", user: user))
        case (let session?, nil, _): continuation.resume(returning: session)
        case (nil, nil, "neither-hangs"): return
        case (nil, nil, _): continuation.resume(throwing: NeitherValueNorError())
        }
      }
    }
  }
}
