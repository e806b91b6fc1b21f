// Wrong answer to exercise 2.5 · forced-cast
// Mistake: The cache only ever holds profiles, so `as!` turns its value into one.
// Anti-pattern: forced-cast
// Failure says: Could not cast value of type

import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise(directory.profile(id: id))
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  // Adoption checks the type: a plain string rejects with AnyPromise.CastError instead of trapping like `as!`.
  cache.cachedProfile(id: id).asPromise().map { $0 as! UserProfile }
}
