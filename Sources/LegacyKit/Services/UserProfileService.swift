/// A user's public profile.
public struct UserProfile: Sendable, Hashable {
  /// The user's id.
  public let id: Int
  /// The name shown on screen.
  public let displayName: String

  /// Creates a profile.
  public init(id: Int, displayName: String) {
    self.id = id
    self.displayName = displayName
  }
}

/// A legacy SDK with the `(value?, error?)` completion convention, which it does not always keep.
public final class UserProfileService: Scripted, Sendable {
  /// Behind ``loadProfile(id:completion:)``: the user's id in, the profile out.
  public let endpoint = Endpoint<Int, UserProfile> { id in .succeed(UserProfile(id: id, displayName: "User \(id)")) }

  /// A service that finds every user at once until scripted otherwise.
  public init() {}

  /// Loads the profile of user `id`; calls `completion` with a profile, an error, both, or (wrongly) neither.
  public func loadProfile(id: Int, completion: @escaping @Sendable (UserProfile?, (any Error)?) -> Void) {
    endpoint.call(id) { reply in
      switch reply {
      case .value(let profile): completion(profile, nil)
      case .error(let error): completion(nil, error)
      case .neither: completion(nil, nil)
      case .both(let profile, let error): completion(profile, error)
      }
    }
  }
}

/// A `(value?, error?)` callback that delivered neither: the convention was broken.
public struct NeitherValueNorError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Creates the error.
  public init() {}

  public var description: String {
    "The callback delivered neither a value nor an error, which its calling convention forbids."
  }
}
