import PromiseKitLite

/// An Objective-C-era cache that answers with an `AnyPromise`, and sometimes with the wrong kind of object.
///
/// Scripted through ``entries``: a value of another type than `UserProfile` (a
/// legacy bug: it once stored display names as plain strings) must not crash a
/// typed caller.
public final class ObjCProfileCache: Sendable {
  /// Behind ``cachedProfile(id:)``: what the cache holds for an id.
  public let entries = Endpoint<Int, CachedEntry> { id in
    .succeed(.profile(UserProfile(id: id, displayName: "Cached \(id)")))
  }

  /// What the cache holds: a profile, or a legacy plain-string entry.
  public enum CachedEntry: Sendable {
    /// A proper profile object.
    case profile(UserProfile)
    /// A display name stored as a bare string by an old version of the app.
    case legacyString(String)
  }

  /// A cache that holds a profile for every id until scripted otherwise.
  public init() {}

  /// The cached entry for `id`, as an untyped promise: fulfilled with whatever object the cache holds.
  public func cachedProfile(id: Int) -> AnyPromise {
    AnyPromise { resolve in
      entries.call(id) { reply in
        switch reply {
        case .value(.profile(let profile)): resolve(profile)
        case .value(.legacyString(let name)): resolve(name)
        case .error(let error), .both(_, let error): resolve(error)
        case .neither: resolve(nil)
        }
      }
    }
  }
}
