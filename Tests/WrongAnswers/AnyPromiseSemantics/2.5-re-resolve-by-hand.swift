// Wrong answer to exercise 2.5 · re-resolve-by-hand
// Mistake: An AnyPromise resolved from the typed promise's value is all a dynamic caller needs.
// Anti-pattern: re-resolve-by-hand
// Failure says: wrap it with `AnyPromise(promise)`, do not re-resolve it by hand

import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise { resolve in
    directory.profile(id: id).done { resolve($0) }.catch { _ in }
  }
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  // Adoption checks the type: a plain string rejects with AnyPromise.CastError instead of trapping like `as!`.
  Promise<UserProfile>(cache.cachedProfile(id: id))
}
