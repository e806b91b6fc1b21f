import Capstone
import CourseKit
import LegacyKit
import Testing

@Suite("6.3 Source 2: the completion-handler service", .exercise("6.3"))
struct Ex6_3_ProfileSourceTests {
  let service = UserProfileService()
  let ada = UserProfile(id: 1, displayName: "Ada")

  func profile() async -> Result<UserProfile, any Error> {
    do {
      return .success(
        try await withDeadline("ServiceProfileSource.profile(id:)") { [service] in
          try await ServiceProfileSource(service: service).profile(id: 1)
        })
    } catch { return .failure(error) }
  }

  @Test("The profile asked for is the one loaded, once, from the service the source was given")
  func asksForThatProfile() async throws {
    let profile = try await withDeadline("ServiceProfileSource.profile(id:)") { [service] in
      try await ServiceProfileSource(service: service).profile(id: 7)
    }
    #expect(
      service.endpoint.calls == [7],
      "profile(id: 7) reached the service as \(service.endpoint.calls): load that id, once, from the service passed to init(service:)."
    )
    #expect(profile == UserProfile(id: 7, displayName: "User 7"), "Return the profile the service loaded.")
  }

  @Test("A profile returns; an error, or both, throws the error; neither throws NeitherValueNorError")
  func fourCases() async throws {
    service.script(.succeed(ada), .fail(LegacyError.offline), Script([.both(ada, LegacyError.badRequest)]), .neither)
    #expect(try await profile().get() == ada)
    #expect(await profile().failure as? LegacyError == .offline)
    #expect(await profile().failure as? LegacyError == .badRequest, "When both come, the error wins.")
    let neither = await profile()
    #expect(!(neither.failure is DeadlineExceeded), "(nil, nil) never resumed the task: resume on every path.")
    #expect(neither.failure is NeitherValueNorError)
  }
}
