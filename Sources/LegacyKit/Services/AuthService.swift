/// The legacy sign-in service, with the Cocoa `(value?, error?)` completion convention.
///
/// The convention promises exactly one of the two; this service, like real SDKs,
/// can be scripted to send neither, or both.
public final class AuthService: Scripted, Sendable {
  /// The user name and password of a sign-in call.
  public struct Credentials: Sendable, Hashable {
    /// The user name.
    public let user: String
    /// The password.
    public let password: String

    /// Creates credentials.
    public init(user: String, password: String) {
      self.user = user
      self.password = password
    }
  }

  /// The scripted endpoint behind ``login(user:password:completion:)``.
  public let endpoint: Endpoint<Credentials, Session>

  /// A service that signs anybody in, synchronously, until scripted otherwise.
  public init() {
    endpoint = Endpoint { credentials in .succeed(Session(token: "token-\(credentials.user)", user: credentials.user)) }
  }

  /// Signs in and calls `completion` with a session or an error.
  public func login(
    user: String, password: String, completion: @escaping @Sendable (Session?, (any Error)?) -> Void
  ) {
    endpoint.call(Credentials(user: user, password: password)) { reply in
      switch reply {
      case .value(let session): completion(session, nil)
      case .error(let error): completion(nil, error)
      case .neither: completion(nil, nil)
      case .both(let session, let error): completion(session, error)
      }
    }
  }
}
