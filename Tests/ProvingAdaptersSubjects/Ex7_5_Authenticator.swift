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
    if mutant == "latest-wins" { return try await latestWins(user: user, password: password) }
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

  /// The mutant `latest-wins`: it hears the service out while the call runs and answers once the call
  /// has returned, so of two callbacks made during the call the second wins. It resumes once, every time.
  private func latestWins(user: String, password: String) async throws -> Session {
    typealias Heard = (session: Session?, error: (any Error)?)
    return try await withCheckedThrowingContinuation { continuation in
      let state = Locked<(calling: Bool, heard: Heard?, resumed: Bool)>((true, nil, false))
      auth.login(user: user, password: password) { session, error in
        let now = state.withLock { state -> Bool in
          if state.calling { state.heard = (session, error) }
          guard !state.calling, !state.resumed else { return false }
          state.resumed = true
          return true
        }
        if now { Self.resume(continuation, session, error) }
      }
      let heard = state.withLock { state -> Heard? in
        state.calling = false
        guard let heard = state.heard, !state.resumed else { return nil }
        state.resumed = true
        return heard
      }
      if let heard { Self.resume(continuation, heard.session, heard.error) }
    }
  }

  private static func resume(
    _ continuation: CheckedContinuation<Session, any Error>, _ session: Session?, _ error: (any Error)?
  ) {
    switch (session, error) {
    case (_, let error?): continuation.resume(throwing: error)
    case (let session?, nil): continuation.resume(returning: session)
    case (nil, nil): continuation.resume(throwing: NeitherValueNorError())
    }
  }
}
