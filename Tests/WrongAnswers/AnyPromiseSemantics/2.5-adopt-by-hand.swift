// Wrong answer to exercise 2.5 · adopt-by-hand
// Mistake: The cache's value is read in `then` and handed to a typed promise: a profile fulfills,
//   anything else rejects.
// Anti-pattern: adopt-by-hand
// Failure says: Adopt a dynamic promise with `Promise<T>(anyPromise)`; a rejection passes through
//   unchanged

import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise(directory.profile(id: id))
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  // Adoption checks the type: a plain string rejects with AnyPromise.CastError instead of trapping like `as!`.
  Promise { seal in
    cache.cachedProfile(id: id).objc.then { (value: (any Sendable)?) -> (any Sendable)? in
      if let profile = value as? UserProfile {
        seal.fulfill(profile)
      } else {
        seal.reject(AnyPromise.CastError(expected: UserProfile.self, actual: value))
      }
      return nil
    }
  }
}
