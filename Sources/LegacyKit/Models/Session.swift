/// A signed-in user's session, as the legacy auth service returns it.
public struct Session: Sendable, Hashable {
  /// The opaque token later calls must present.
  public let token: String
  /// The signed-in user's name.
  public let user: String

  /// Creates a session.
  public init(token: String, user: String) {
    self.token = token
    self.user = user
  }
}
