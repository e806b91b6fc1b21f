// Wrong answer to exercise 2.5 · compact-map
// Mistake: `compactMap` drops what is not a profile, with no cast that can trap.
// Anti-pattern: forced-cast
// Failure says: must reject with AnyPromise.CastError

import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise(directory.profile(id: id))
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  // Adoption checks the type: a plain string rejects with AnyPromise.CastError instead of trapping like `as!`.
  cache.cachedProfile(id: id).asPromise().compactMap { $0 as? UserProfile }
}
