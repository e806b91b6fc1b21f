import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Testing

// Every case runs in a child process: a double resume, or an `error!` on `(nil, nil)`, traps, and a
// trap must fail the test that provoked it, with the runtime's words, not take the whole run down.
@Suite("3.3 The (value?, error?) convention", .exercise("3.3"))
struct Ex3_3_ValueOrErrorAdapterTests {
  @Test("A profile and no error returns the profile, proved in a child process")
  func valueReturns() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script.succeed(ada).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          if (try? outcome.get()) != ada {
            throw ResumeProbe.ProbeFailure(
              "a profile and no error must return the profile; \(describe(outcome)) [value-not-returned]")
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ProfileLoader.profile(id:) given a profile",
      ifHung: "A profile and no error must resume by returning the profile: this path never resumed. [two-ifs]")
  }

  @Test("The profile asked for is the one the SDK is asked for, proved in a child process")
  func idIsPassedOn() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()  // by default, it answers with the profile of the id it is asked for
        await ResumeProbe.run {
          let profile = try? await ProfileLoader(service: service).profile(id: 42)
          guard service.endpoint.calls == [42], profile?.id == 42 else {
            throw ResumeProbe.ProbeFailure(
              "profile(id: 42) must ask the SDK once for user 42 and return that profile; the SDK was asked for \(service.endpoint.calls), and it returned \(profile.map { "user \($0.id)" } ?? "no profile"). [wrong-profile-id]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ProfileLoader.profile(id: 42)")
  }

  @Test("An error and no profile throws the error, proved in a child process")
  func errorThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script.fail(LegacyError.unauthorized).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          if outcome.failure as? LegacyError != .unauthorized {
            throw ResumeProbe.ProbeFailure(
              "an error and no profile must throw that error; \(describe(outcome)) [error-not-thrown]")
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ProfileLoader.profile(id:) given an error",
      ifHung: "An error and no profile must resume by throwing the error: this path never resumed. [two-ifs]")
  }

  @Test("A profile and an error together throw the error: the error wins, proved in a child process")
  func errorWins() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script([.both(ada, LegacyError.server(status: 500))]).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          if outcome.failure as? LegacyError != .server(status: 500) {
            throw ResumeProbe.ProbeFailure(
              "When both come, the error wins: returning the profile hides the failure; \(describe(outcome)) [value-first]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ProfileLoader.profile(id:) given a profile and an error",
      ifHung: "When both come, the error wins, and it must resume by throwing it: this path never resumed. [two-ifs]")
  }

  @Test("Neither a profile nor an error throws NeitherValueNorError, instead of hanging, proved in a child process")
  func neitherThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script<UserProfile>.neither.fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          if !(outcome.failure is NeitherValueNorError) {
            throw ResumeProbe.ProbeFailure(
              "`(nil, nil)` throws `NeitherValueNorError`, not another error, so the broken contract shows up in the logs; \(describe(outcome)) [neither-other-error]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ProfileLoader.profile(id:) given (nil, nil)",
      ifHung:
        "An if/else-if on the two optionals never resumes on `(nil, nil)`, and the task waits forever: resume on every path. [if-else-if]"
    )
  }

  @Test("Exactly one resume for each of the four cases, proved in a child process")
  func exactlyOnceForEveryCase() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(
          Script.succeed(ada).fromBackground, Script.fail(LegacyError.offline).fromBackground,
          Script([.both(ada, LegacyError.offline)]).fromBackground, Script<UserProfile>.neither.fromBackground)
        await ResumeProbe.run {
          for _ in 0..<4 { _ = try? await ProfileLoader(service: service).profile(id: 1) }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ProfileLoader.profile(id:)")
  }
}

private let ada = UserProfile(id: 1, displayName: "Ada")

/// In the child: what loading profile 1 from `service` did, returned or thrown.
private func loadProfile(from service: UserProfileService) async -> Result<UserProfile, any Error> {
  do { return .success(try await ProfileLoader(service: service).profile(id: 1)) } catch { return .failure(error) }
}

/// What an outcome was, for a failure message.
private func describe(_ outcome: Result<UserProfile, any Error>) -> String {
  switch outcome {
  case .success(let profile): "it returned \(profile.displayName)."
  case .failure(let error): "it threw \(error)."
  }
}
