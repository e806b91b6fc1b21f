import Capstone
import CapstoneReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_3_ProfileSourceTests {
  // In a child process, as the suite's other checks: a second resume, or an `error!` on (nil, nil), traps.
  @Test(
    "On callbacks of every kind (a profile of the user asked for or of another, any error, each kind of cancellation, both, neither), the source returns or throws what the reference does, proved in a child process"
  )
  func generatedCallbacks() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.generatedCallbacksInTheChild()
      }
    }
    recordGenerated(child, "ServiceProfileSource.profile(id:) on drawn callbacks")
  }

  /// In the child: the source and the reference, each over a fresh service scripted with the same drawn callback.
  static func generatedCallbacksInTheChild() async {
    await ResumeProbe.run(within: 20) {
      func load(
        _ reply: Reply<UserProfile>, _ source: @escaping @Sendable (UserProfileService) async throws -> UserProfile
      ) async -> (outcome: Swift.Result<UserProfile, any Error>?, calls: [Int]) {
        let service = UserProfileService()
        service.script(Script([reply]))
        let outcome = try? await withDeadline("ServiceProfileSource.profile(id:)") {
          () async -> Swift.Result<UserProfile, any Error> in
          do { return .success(try await source(service)) } catch { return .failure(error) }
        }
        return (outcome, service.endpoint.calls)
      }
      let mine: @Sendable (UserProfileService) async throws -> UserProfile = {
        try await Capstone.ServiceProfileSource(service: $0).profile(id: 3)
      }
      let reference: @Sendable (UserProfileService) async throws -> UserProfile = {
        try await CapstoneReference.ServiceProfileSource(service: $0).profile(id: 3)
      }
      // A callback that never resumes the task is the targeted tests' finding, said there in a second,
      // not once per scenario the shrinker tries.
      let profile = UserProfile(id: 3, displayName: "Ada")
      for control in [
        Reply.value(profile), .error(LegacyError.offline), .both(profile, LegacyError.badRequest), .neither,
      ] {
        guard await load(control, mine).outcome != nil else { return }
      }
      let failure = await Generated.check(Gen.reply(Gen.delivered(toRequestFor: 3)), describe: Self.said) { reply in
        let (mine, reference) = (await load(reply, mine), await load(reply, reference))
        return Self.difference(reply, mine: mine, reference: reference)
      }
      if let failure { throw ResumeProbe.ProbeFailure(sentence(of: failure)) }
    }
  }

  /// A callback of the service in words.
  static func said(_ reply: Reply<UserProfile>) -> String {
    "profile(id: 3) over a service that calls back with \(Said.reply(reply) { Self.saidProfile($0) })"
  }

  /// A profile in words, with its user's id when it is not the one asked for: `the profile "Ada" of user 7`.
  static func saidProfile(_ profile: UserProfile) -> String {
    "the profile \"\(profile.displayName)\"" + (profile.id == 3 ? "" : " of user \(profile.id)")
  }

  /// How the source's outcome differs from the reference's, in the lesson's words, or `nil` when it does not.
  static func difference(
    _ reply: Reply<UserProfile>, mine: (outcome: Swift.Result<UserProfile, any Error>?, calls: [Int]),
    reference: (outcome: Swift.Result<UserProfile, any Error>?, calls: [Int])
  ) -> String? {
    guard let expected = reference.outcome else { return nil }
    if mine.calls != reference.calls {
      return
        "profile(id: 3) reached the service it was given as \(mine.calls), not once for user 3, which \"The profile asked for is the one loaded\" explains. [signed-in-user]"
    }
    func said(_ outcome: Swift.Result<UserProfile, any Error>) -> String {
      Said.outcome(outcome.map { Self.saidProfile($0) })
    }
    guard let outcome = mine.outcome else {
      return
        "profile(id:) never returned nor threw: each callback resumes the awaiting task exactly once, which \"A profile and no error returns\" or \"An error and no profile throws\" or \"A profile and an error together\" or \"Neither a profile nor an error\" explains. [two-ifs]"
    }
    if said(outcome) == said(expected) { return nil }
    switch reply {
    case .value:
      return
        "The service called back with a profile and no error, and profile(id:) \(said(outcome)), where it \(said(expected)): a profile and no error returns that profile, as it came, whatever its id, which \"A profile and no error returns the profile\" explains. [profile-not-returned]"
    case .error,
      .both(_, _) where outcome.failure != nil:
      // Both came and an error was thrown, but another one: the error was changed, not outranked.
      let pair = reply.isBoth ? "a profile and an error" : "an error and no profile"
      return
        "The service called back with \(pair), and profile(id:) \(said(outcome)), where it \(said(expected)): the service's error is thrown, whatever its kind, unchanged, which \"An error and no profile throws the error\" explains. [error-not-thrown]"
    case .both:
      return
        "The service called back with a profile and an error, and profile(id:) \(said(outcome)), where it \(said(expected)): a profile and an error throw the error, whatever its kind, which \"A profile and an error together throw the error\" explains. [if-else-if]"
    case .neither:
      return
        "The service called back with neither a profile nor an error, and profile(id:) \(said(outcome)), where it \(said(expected)): neither throws `NeitherValueNorError()`, which \"Neither a profile nor an error throws NeitherValueNorError\" explains. [if-else-if]"
    }
  }
}

extension Reply {
  /// Whether it brings a value and an error together.
  fileprivate var isBoth: Bool {
    if case .both = self { return true }
    return false
  }
}
