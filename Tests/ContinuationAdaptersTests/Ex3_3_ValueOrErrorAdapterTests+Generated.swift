import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import Foundation
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_3_ValueOrErrorAdapterTests {
  @Test(
    "On replies of every kind (a profile of any name, any error, both, neither) for any user, profile(id:) does what the reference does, proved in a child process"
  )
  func generatedReplies() async {
    // In a child: a double resume traps, and must fail this test alone, with the runtime's words.
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) {
          let failure = await Generated.check(Gen.profileRequest, describe: Ex3_3_ValueOrErrorAdapterTests.said) {
            asked in
            let mine = await Ex3_3_ValueOrErrorAdapterTests.load(asked) {
              try await ContinuationAdapters.ProfileLoader(service: $0).profile(id: $1)
            }
            let reference = await Ex3_3_ValueOrErrorAdapterTests.load(asked) {
              try await ContinuationAdaptersReference.ProfileLoader(service: $0).profile(id: $1)
            }
            return Ex3_3_ValueOrErrorAdapterTests.difference(asked, mine, reference)
          }
          if let failure { throw failure.probeFailure }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ProfileLoader.profile(id:) on replies of every kind",
      ifHung:
        "On one of the replies drawn, profile(id:) never resumed: every combination resumes exactly once, which \"Neither a profile nor an error\" or \"A profile and no error returns\" or \"An error and no profile\" or \"A profile and an error together\" explains. [two-ifs] [if-else-if]"
    )
  }

  /// A scenario in words.
  static func said(_ asked: ProfileRequest) -> String {
    "profile(id: \(asked.id)), the SDK replying \(Said.reply(asked.reply) { Said.profile($0) })"
  }

  /// How the learner's call differs from the reference's, in a sentence; `nil` when it does not.
  static func difference(
    _ asked: ProfileRequest, _ mine: (outcome: Swift.Result<UserProfile, any Error>, calls: [Int]),
    _ reference: (outcome: Swift.Result<UserProfile, any Error>, calls: [Int])
  ) -> String? {
    if mine.calls != reference.calls {
      return
        "profile(id: \(asked.id)) asked the SDK for \(mine.calls), where it asks once, for that user, \(reference.calls), which \"The profile asked for is the one the SDK is asked for\" explains. [wrong-profile-id]"
    }
    guard Said.outcome(mine.outcome) != Said.outcome(reference.outcome) else { return nil }
    let (said, expected) = (Self.words(mine.outcome), Self.words(reference.outcome))
    switch (asked.reply, mine.outcome) {
    case (.value, _):
      return
        "Given only a profile, profile(id:) \(said): a profile and no error returns that profile as it came, whatever its name, empty too (\(expected)), which \"A profile and no error returns the profile\" explains. [value-not-returned]"
    case (.both, .success):
      return
        "Given a profile and an error, profile(id:) \(said): the error wins, whatever its kind (\(expected)), which \"A profile and an error together\" explains. [value-first]"
    case (.error, _), (.both, _):
      return
        "Given an error, profile(id:) \(said), where it throws that error, unchanged, whatever its kind, a cancellation too (\(expected)), which \"An error and no profile throws the error\" or \"A profile and an error together\" explains. [error-not-thrown]"
    case (.neither, _):
      return
        "Given neither a profile nor an error, profile(id:) \(said), where it throws `NeitherValueNorError()`, which \"Neither a profile nor an error\" explains. [neither-other-error]"
    }
  }

  /// An outcome in words: "returned the profile of user 2", "threw URLError(.cancelled)".
  static func words(_ outcome: Swift.Result<UserProfile, any Error>) -> String {
    switch outcome {
    case .success(let profile): "returned \(Said.profile(profile))"
    case .failure(let error): "threw \(Said.error(error))"
    }
  }

  /// What `profile` returned or threw, asked for `asked.id` of a service of its own that replies as
  /// `asked` says, and the ids the service was asked for.
  static func load(
    _ asked: ProfileRequest, _ profile: @Sendable (UserProfileService, Int) async throws -> UserProfile
  ) async -> (outcome: Swift.Result<UserProfile, any Error>, calls: [Int]) {
    let service = UserProfileService()
    service.script(Script([asked.reply]))
    do {
      return (.success(try await profile(service, asked.id)), service.endpoint.calls)
    } catch {
      return (.failure(error), service.endpoint.calls)
    }
  }
}
