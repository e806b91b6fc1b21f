import Capstone
import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Testing

// The four cases run in child processes: a second resume, or an `error!` on `(nil, nil)`, traps, and a
// trap must fail the test that provoked it, with the runtime's words, not take the whole run down.
@Suite("6.3 Source 2: the completion-handler service", .exercise("6.3"))
struct Ex6_3_ProfileSourceTests {
  @Test("The profile asked for is the one loaded, once, from the service the source was given")
  func asksForThatProfile() async throws {
    let service = UserProfileService()
    let profile = try await withDeadline("ServiceProfileSource.profile(id:)") { [service] in
      try await ServiceProfileSource(service: service).profile(id: 7)
    }
    #expect(
      service.endpoint.calls == [7],
      "profile(id: 7) reached the service as \(service.endpoint.calls): load that id, once, from the service passed to init(service:). [signed-in-user]"
    )
    #expect(
      profile == UserProfile(id: 7, displayName: "User 7"), "Return the profile the service loaded. [signed-in-user]")
  }

  @Test("A profile and no error returns the profile, proved in a child process")
  func profileReturns() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script.succeed(ada).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          try expectAsked(service)
          if (try? outcome.get()) != ada {
            throw ResumeProbe.ProbeFailure(
              "a profile and no error must return that profile; \(describe(outcome)) [profile-not-returned]")
          }
        }
      }
    }
    expectOneResume(
      child, "ServiceProfileSource.profile(id:) given a profile",
      ifHung:
        "A profile and no error must resume by returning the profile: this path never resumed. [profile-not-returned]",
      ifResumedTwice:
        "A profile and no error resumed the task twice: each callback resumes it exactly once, so give the four cases one resume each (a `switch` over the pair). [two-ifs]"
    )
  }

  @Test("An error and no profile throws the error, proved in a child process")
  func errorThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script.fail(LegacyError.offline).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          try expectAsked(service)
          if outcome.failure as? LegacyError != .offline {
            throw ResumeProbe.ProbeFailure(
              "an error and no profile must throw that error, so the screen can report it; \(describe(outcome)) [error-not-thrown]"
            )
          }
        }
      }
    }
    expectOneResume(
      child, "ServiceProfileSource.profile(id:) given an error",
      ifHung: "An error and no profile must resume by throwing the error: this path never resumed. [error-not-thrown]",
      ifResumedTwice:
        "An error and no profile resumed the task twice: each callback resumes it exactly once, so give the four cases one resume each (a `switch` over the pair). [two-ifs]"
    )
  }

  @Test("A profile and an error together throw the error: the error wins, proved in a child process")
  func errorWins() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script([.both(ada, LegacyError.badRequest)]).fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          try expectAsked(service)
          if outcome.failure as? LegacyError != .badRequest {
            throw ResumeProbe.ProbeFailure(
              "When both come, the error wins: returning the profile hides the failure; \(describe(outcome)) [if-else-if]"
            )
          }
        }
      }
    }
    expectOneResume(
      child, "ServiceProfileSource.profile(id:) given a profile and an error",
      ifHung:
        "When both come, the error wins, and it must resume by throwing it: this path never resumed. [if-else-if]",
      ifResumedTwice:
        "A profile and an error together resumed the task twice, once for each: each callback resumes it exactly once, so give the four cases one resume each (a `switch` over the pair). [two-ifs]"
    )
  }

  @Test("Neither a profile nor an error throws NeitherValueNorError, instead of hanging, proved in a child process")
  func neitherThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let service = UserProfileService()
        service.script(Script<UserProfile>.neither.fromBackground)
        await ResumeProbe.run {
          let outcome = await loadProfile(from: service)
          try expectAsked(service)
          if !(outcome.failure is NeitherValueNorError) {
            throw ResumeProbe.ProbeFailure(
              "(nil, nil) must throw NeitherValueNorError: a made-up profile, or another error, hides the broken contract; \(describe(outcome)) [if-else-if]"
            )
          }
        }
      }
    }
    expectOneResume(
      child, "ServiceProfileSource.profile(id:) given (nil, nil)",
      ifHung:
        "(nil, nil) never resumed the task: resume on every path, and throw NeitherValueNorError on this one. [if-else-if]",
      ifResumedTwice:
        "(nil, nil) resumed the task twice: each callback resumes it exactly once, so give the four cases one resume each (a `switch` over the pair). [two-ifs]"
    )
  }
}

private let ada = UserProfile(id: 1, displayName: "Ada")

/// In the child: what loading profile 1 from `service` did, returned or thrown.
private func loadProfile(from service: UserProfileService) async -> Result<UserProfile, any Error> {
  do { return .success(try await ServiceProfileSource(service: service).profile(id: 1)) } catch {
    return .failure(error)
  }
}

/// In the child: fails the probe when `service`, the one whose answer the test scripted, was never
/// asked; what the source returned or threw then says nothing about the case the test is about.
private func expectAsked(_ service: UserProfileService) throws {
  if service.endpoint.calls.isEmpty {
    throw ResumeProbe.ProbeFailure(
      "it never asked the service passed to init(service:), whose answer this test scripted, which \"The profile asked for is the one loaded\" explains. [signed-in-user]"
    )
  }
}

/// What an outcome was, for a failure message.
private func describe(_ outcome: Result<UserProfile, any Error>) -> String {
  switch outcome {
  case .success(let profile): "it returned the profile \"\(profile.displayName)\"."
  case .failure(let error): "it threw \(error)."
  }
}

/// Records the child's fate as `ResumeProbe.expectExactlyOnce(_:_:ifHung:)` does, but a second resume
/// with the lesson's sentence, `ifResumedTwice`, and the kit's words (the runtime's included) in brackets.
private func expectOneResume(
  _ child: ExitTest.Result?, _ what: String, ifHung: String, ifResumedTwice: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let verdict = ResumeProbe.verdict(of: child)
  if case .resumedTwice = verdict, let words = ResumeProbe.explain(verdict, what) {
    Issue.record(
      Comment(rawValue: AntiPattern.adding("(\(words))", to: ifResumedTwice)), sourceLocation: sourceLocation)
  } else {
    ResumeProbe.expectExactlyOnce(child, what, ifHung: ifHung, sourceLocation: sourceLocation)
  }
}
