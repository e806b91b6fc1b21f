// Exercise 2.5 · Bridge both ways · solution

import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise(directory.profile(id: id))
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  // Adoption checks the type: a plain string rejects with AnyPromise.CastError instead of trapping like `as!`.
  Promise<UserProfile>(cache.cachedProfile(id: id))
}
