import AnyPromiseSemantics
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.5 Bridge both ways", .exercise("2.5"))
struct Ex2_5_BridgingTests {
  @Test("Dynamic callers get the typed promise's profile, or its error")
  func toAnyPromise() async {
    let directory = UserDirectory()
    let fulfilled = await awaitSettled(
      profileForObjC(id: 7, directory: directory).asPromise(), "profileForObjC(id:directory:)")
    #expect(
      fulfilled?.success as? UserProfile == UserProfile(id: 7, displayName: "User 7"),
      "The typed promise's value and its rejection must both reach dynamic callers: the profile did not arrive unchanged; got \(String(describing: fulfilled)). [re-resolve-by-hand]"
    )
    directory.profiles.script(.fail(LegacyError.offline))
    let rejected = await awaitSettled(
      profileForObjC(id: 7, directory: directory).asPromise(), "profileForObjC(id:directory:) on a failure",
      ifItHangs:
        "The typed promise's value and its rejection must both reach dynamic callers: wrap it with `AnyPromise(promise)`, do not re-resolve it by hand. [re-resolve-by-hand]"
    )
    #expect(
      rejected == nil || rejected?.failure as? LegacyError == .offline,
      "The typed promise's value and its rejection must both reach dynamic callers, unchanged: got \(String(describing: rejected)). [re-resolve-by-hand]"
    )
    // A cancellation is an error too, and the one a `catch` with its default policy skips.
    directory.profiles.script(.fail(PMKError.cancelled))
    let cancelled = await awaitSettled(
      profileForObjC(id: 7, directory: directory).asPromise(), "profileForObjC(id:directory:) on a cancellation",
      ifItHangs:
        "The typed promise was cancelled, and the `AnyPromise` never settled: a cancellation is an error too, and a `catch` with its default policy skips it. Wrap the promise with `AnyPromise(promise)`, do not re-resolve it by hand. [re-resolve-by-hand]"
    )
    #expect(
      cancelled == nil || cancelled?.failure?.isCancelled == true,
      "The typed promise was cancelled, and dynamic callers got \(String(describing: cancelled)): its cancellation must reach them unchanged. [re-resolve-by-hand]"
    )
  }

  @Test("A cached profile is adopted as a typed promise; an error passes through")
  func fromAnyPromise() async throws {
    let cache = ObjCProfileCache()
    let profile = await awaitSettled(cachedProfile(id: 3, cache: cache), "cachedProfile(id:cache:)")
    #expect(
      try profile?.get() == UserProfile(id: 3, displayName: "Cached 3"),
      "Adopt a dynamic promise with `Promise<T>(anyPromise)`: the cached profile must arrive unchanged; got \(String(describing: profile)). [adopt-by-hand]"
    )
    cache.entries.script(.fail(LegacyError.badRequest))
    let failed = await awaitSettled(
      cachedProfile(id: 3, cache: cache), "cachedProfile(id:cache:) on a failure",
      ifItHangs:
        "Adopt a dynamic promise with `Promise<T>(anyPromise)`; a rejection passes through unchanged. This one never settled. [adopt-by-hand]"
    )
    #expect(
      failed == nil || failed?.failure as? LegacyError == .badRequest,
      "Adopt a dynamic promise with `Promise<T>(anyPromise)`; a rejection passes through unchanged: got \(String(describing: failed)). [adopt-by-hand]"
    )
  }

  @Test("A value of the wrong type rejects with AnyPromise.CastError instead of crashing, proved in a child process")
  func wrongTypeRejects() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cache = ObjCProfileCache()
        cache.entries.script(.succeed(.legacyString("Ada")))
        await ResumeProbe.run {
          let result = try await cachedProfile(id: 1, cache: cache).settled(within: 1, "cachedProfile(id:cache:)")
          guard result.failure is AnyPromise.CastError else {
            throw ResumeProbe.ProbeFailure(
              "a plain string in the cache must reject with AnyPromise.CastError, got \(result) [forced-cast]")
          }
        }
      }
    }
    if let words = child?.runtimeWords(containing: "Could not cast value") {
      Issue.record(
        "A value of the wrong type must reject with `AnyPromise.CastError`. A forced cast traps: adopt with `Promise<UserProfile>(anyPromise)`. The runtime said: \(words) [forced-cast]"
      )
    } else {
      ResumeProbe.expectExactlyOnce(
        child,
        "cachedProfile(id:cache:) given a plain string (a value of the wrong type must reject with `AnyPromise.CastError`)"
      )
    }
  }
}
