import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_5_BridgingTests {
  /// One crossing of the boundary, as a test draws it: what the typed directory or the dynamic cache answers.
  ///
  /// A value of the wrong type is left to the targeted test, which runs it in a child process: a forced
  /// cast of it would trap this one.
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
      ])
    }()

    var description: String {
      switch self {
      case .toObjC(let id, let reply):
        "the directory's typed promise for user \(id) given \(Said.answer(reply) { "the profile of \($0.displayName)" })"
      case .fromObjC(let id, let reply):
        "the cache's AnyPromise for user \(id) given \(Said.answer(reply) { _ in "a cached profile" })"
      }
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

  @Test(
    "On profiles and errors of every kind, every kind of cancellation too, both ways across the boundary, the bridge settles as the reference's does"
  )
  func generatedCrossings() async {
    await Generated.expect("the bridge", Crossing.all, describe: \.description) { crossing in
      let mine = await Self.settle(crossing, reference: false)
      let reference = await Self.settle(crossing, reference: true)
      guard !Said.sameSettlement(mine, reference) else { return nil }
      let (said, expected) = (Said.settled(mine), Said.settled(reference))
      switch crossing {
      case .toObjC:
        return
          "Dynamic callers got an AnyPromise that \(said), where they get the typed promise's \"value or its error unchanged\" (\(expected)), whatever its kind, a cancellation too, which \"Dynamic callers get the typed promise's profile\" explains. [re-resolve-by-hand]"
      case .fromObjC:
        return
          "The adopted promise \(said), where the cache's AnyPromise is adopted \"as a `Promise<UserProfile>`, its value or its error unchanged\" (\(expected)), whatever its kind, a cancellation too, which \"A cached profile is adopted\" explains. [adopt-by-hand]"
      }
    }
  }
}
