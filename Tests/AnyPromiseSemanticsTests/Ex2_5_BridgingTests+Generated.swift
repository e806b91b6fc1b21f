import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_5_BridgingTests {
  /// One crossing of the boundary, as a test draws it: what the typed directory or the dynamic cache answers,
  /// a plain string of the legacy bug among the cache's answers.
  enum Crossing: Sendable, CustomStringConvertible {
    case toObjC(id: Int, Reply<UserProfile>)
    case fromObjC(id: Int, Reply<ObjCProfileCache.CachedEntry>)

    static let all: Gen<Crossing> = {
      let profiles = Gen<Int>.int(in: 1...3).map { UserProfile(id: $0, displayName: "User \($0)") }
      let errors = Gen<any Error>.anyErrorOrOwnCancellation
      return Gen<Crossing>.oneOf([
        profiles.map { .toObjC(id: $0.id, .value($0)) }, errors.map { .toObjC(id: 1, .error($0)) },
        Gen<Int>.int(in: 0...0).map { _ in .toObjC(id: 1, .neither) },
        profiles.map { .fromObjC(id: $0.id, .value(.profile($0))) }, errors.map { .fromObjC(id: 1, .error($0)) },
        Gen<String>.element(of: ["Ada", "", "User 1"]).map { .fromObjC(id: 1, .value(.legacyString($0))) },
      ])
    }()

    var description: String {
      switch self {
      case .toObjC(let id, let reply):
        "the directory's typed promise for user \(id) given \(Said.answer(reply) { "the profile of \($0.displayName)" })"
      case .fromObjC(let id, let reply):
        "the cache's AnyPromise for user \(id) given \(Said.answer(reply, Ex2_5_BridgingTests.entry))"
      }
    }
  }

  /// A cache entry, in words.
  static func entry(_ entry: ObjCProfileCache.CachedEntry) -> String {
    switch entry {
    case .profile: "a cached profile"
    case .legacyString(let string): "the plain string \"\(string)\" (a value of the wrong type)"
    }
  }

  /// How the bridge settles on `crossing`, with the exercise's functions or the reference's.
  static func settle(_ crossing: Crossing, reference: Bool) async -> Swift.Result<(any Sendable)?, any Error>? {
    switch crossing {
    case .toObjC(let id, let reply):
      let directory = UserDirectory()
      directory.profiles.script(Script([reply]))
      let promise =
        reference
        ? AnyPromiseSemanticsReference.profileForObjC(id: id, directory: directory)
        : AnyPromiseSemantics.profileForObjC(id: id, directory: directory)
      return try? await promise.asPromise().settled(within: 0.5, "profileForObjC(id:directory:)")
    case .fromObjC(let id, let reply):
      let cache = ObjCProfileCache()
      cache.entries.script(Script([reply]))
      let promise =
        reference
        ? AnyPromiseSemanticsReference.cachedProfile(id: id, cache: cache)
        : AnyPromiseSemantics.cachedProfile(id: id, cache: cache)
      let result = try? await promise.settled(within: 0.5, "cachedProfile(id:cache:)")
      return result.map { $0.map { $0 as (any Sendable)? } }
    }
  }

  /// What the exercise does differently from the reference on `crossing`, in the header's words; nil if nothing.
  static func difference(_ crossing: Crossing) async -> String? {
    let mine = await settle(crossing, reference: false)
    let reference = await settle(crossing, reference: true)
    guard !Said.sameSettlement(mine, reference) else { return nil }
    let (said, expected) = (Said.settled(mine), Said.settled(reference))
    switch crossing {
    case .toObjC:
      return
        "Dynamic callers got an AnyPromise that \(said), where they get the typed promise's \"value or its error unchanged\" (\(expected)), whatever its kind, a cancellation too, which \"Dynamic callers get the typed promise's profile\" explains. [re-resolve-by-hand]"
    case .fromObjC(_, .value(.legacyString)):
      return
        "The adopted promise \(said), where a plain string in the cache \"must reject with `AnyPromise.CastError`, never crash\" (\(expected)), whatever the string, which \"A value of the wrong type rejects\" explains. [forced-cast]"
    case .fromObjC:
      return
        "The adopted promise \(said), where the cache's AnyPromise is adopted \"as a `Promise<UserProfile>`, its value or its error unchanged\" (\(expected)), whatever its kind, a cancellation too, which \"A cached profile is adopted\" explains. [adopt-by-hand]"
    }
  }

  // A forced cast of a plain string traps, so the scenarios run in a child process: a trap fails this test, in
  // the runtime's words.
  @Test(
    "On profiles, plain strings and errors of every kind, every kind of cancellation too, both ways across the boundary, the bridge settles as the reference's does, proved in a child process"
  )
  func generatedCrossings() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 20) {
          let failure = await Generated.check(Ex2_5_BridgingTests.Crossing.all, describe: \.description) {
            await Ex2_5_BridgingTests.difference($0)
          }
          if let failure {
            throw Generated.probeFailure(failure)
          }
        }
      }
    }
    Generated.expectInChild(
      child, "the bridge on generated crossings", trapWords: ["Could not cast value"],
      ifTrappedInCall:
        "cachedProfile(id:cache:) crashed on a plain string in the cache: a forced cast traps, where the header asks that a value of the wrong type \"must reject with `AnyPromise.CastError`, never crash\". Adopt with `Promise<UserProfile>(anyPromise)`. [forced-cast]"
    )
  }
}
