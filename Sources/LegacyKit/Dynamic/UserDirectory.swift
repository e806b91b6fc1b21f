import PromiseKitLite

/// The Swift side's typed, promise-based profile API.
public final class UserDirectory: Sendable {
  /// Behind ``profile(id:)``.
  public let profiles = Endpoint<Int, UserProfile> { id in .succeed(UserProfile(id: id, displayName: "User \(id)")) }

  /// A directory that finds every user at once until scripted otherwise.
  public init() {}

  /// The profile of user `id`.
  public func profile(id: Int) -> Promise<UserProfile> {
    let (promise, seal) = Promise<UserProfile>.pending()
    profiles.call(id) { reply in
      switch reply {
      case .value(let profile): seal.fulfill(profile)
      case .error(let error), .both(_, let error): seal.reject(error)
      case .neither: seal.reject(NeitherValueNorError())
      }
    }
    return promise
  }
}
