import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Testing

@Suite("3.3 The (value?, error?) convention", .exercise("3.3"))
struct Ex3_3_ValueOrErrorAdapterTests {
  let service = UserProfileService()
  let ada = UserProfile(id: 1, displayName: "Ada")

  func profile() async throws -> UserProfile {
    try await withDeadline(
      "ProfileLoader.profile(id:)"
    ) { [service] in try await ProfileLoader(service: service).profile(id: 1) }
  }

  @Test("A profile and no error returns the profile")
  func valueReturns() async throws {
    service.script(.succeed(ada))
    #expect(try await profile() == ada)
  }

  @Test("An error and no profile throws the error")
  func errorThrows() async throws {
    service.script(.fail(LegacyError.unauthorized))
    await #expect(throws: LegacyError.unauthorized) { try await profile() }
  }

  @Test("A profile and an error together throw the error: the error wins")
  func errorWins() async throws {
    service.script(Script([.both(ada, LegacyError.server(status: 500))]))
    await #expect(throws: LegacyError.server(status: 500), "When both come, the error wins.") { try await profile() }
  }

  @Test("Neither a profile nor an error throws NeitherValueNorError, instead of hanging")
  func neitherThrows() async throws {
    service.script(.neither)
    do {
      _ = try await profile()
      Issue.record("(nil, nil) must throw NeitherValueNorError.")
    } catch let error as DeadlineExceeded {
      Issue.record(
        "\(error) An if/else-if on the two optionals never resumes on (nil, nil), and the task waits forever: resume on every path."
      )
    } catch {
      #expect(error is NeitherValueNorError, "(nil, nil) must throw NeitherValueNorError, not \(error).")
    }
  }

  @Test("Exactly one resume for each of the four cases, proved in a child process")
  func exactlyOnceForEveryCase() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let service = UserProfileService()
      let ada = UserProfile(id: 1, displayName: "Ada")
      service.script(
        Script.succeed(ada).fromBackground, Script.fail(LegacyError.offline).fromBackground,
        Script([.both(ada, LegacyError.offline)]).fromBackground, Script<UserProfile>.neither.fromBackground)
      await ResumeProbe.run {
        for _ in 0..<4 { _ = try? await ProfileLoader(service: service).profile(id: 1) }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ProfileLoader.profile(id:)")
  }
}
