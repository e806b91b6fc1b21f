// Exercise 2.5 · Bridge both ways
// Grade 3 (challenge) · Lesson: Docs/02-anypromise-semantics.md#bridging-both-ways
// Check it: swift run course check 2.5   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_5_BridgingTests)
//
// Two directions across the old language boundary:
//   - `profileForObjC`: Objective-C callers cannot use `Promise<UserProfile>`; give
//     them the directory's typed promise as an `AnyPromise`, its value or its error
//     unchanged. [re-resolve-by-hand]
//   - `cachedProfile`: the Objective-C cache answers with an `AnyPromise`; adopt it
//     as a `Promise<UserProfile>`, its value or its error unchanged. The cache sometimes
//     holds a plain string (a legacy bug): that must reject with `AnyPromise.CastError`,
//     never crash. [adopt-by-hand] [forced-cast]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// User `id`'s profile from `directory`, for dynamic callers.
public func profileForObjC(id: Int, directory: UserDirectory) -> AnyPromise {
  AnyPromise.value(NotStarted("2.5", "profileForObjC(id:directory:)"))  // Replace this line.
}

/// User `id`'s profile from the dynamic `cache`, typed.
public func cachedProfile(id: Int, cache: ObjCProfileCache) -> Promise<UserProfile> {
  Promise(error: NotStarted("2.5", "cachedProfile(id:cache:)"))  // Replace this line.
}
