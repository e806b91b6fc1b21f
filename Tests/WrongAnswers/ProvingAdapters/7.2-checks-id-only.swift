// Wrong answer to exercise 7.2 · checks-id-only
// Mistake: "A profile is the right one when its id is: the id is what I asked for, the rest is the SDK's
//   business."
// Anti-pattern: id-only
// Failure says: Your tests pass an adapter that returns a profile of its own making, with the right id, instead of the SDK's

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.2 Exactly once: catch a double resume and a zero resume")
struct Ex7_2_ExactlyOnceTests {
  @Test("A profile is returned")
  func profile() async throws {
    let service = UserProfileService()
    service.endpoint.script(.succeed(Scenario.ada))
    let profile = try await withDeadline("profile(id:)") { try await ProfileLoader(service: service).profile(id: 7) }
    // The id says it is user 7's profile.
    #expect(profile.id == 7)
    #expect(service.endpoint.calls == [7])
  }

  @Test("An error is thrown")
  func error() async {
    let service = UserProfileService()
    service.endpoint.script(.fail(LegacyError.offline))
    await #expect(throws: LegacyError.offline) {
      try await withDeadline("profile(id:)") { try await ProfileLoader(service: service).profile(id: 7) }
    }
  }

  // A second resume traps the process, so each odd path runs in a child process: a trap there fails
  // this test alone, with the runtime's words on the child's standard error. Exit tests cannot
  // capture values, so each child builds its own scenario. The SDK's replies come on the caller's
  // thread, before `profile(id:)` returns, so a second resume happens before the child can exit.

  @Test("Two profiles: the first wins, and the second callback is ignored")
  func twice() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      try await Scenario.run(.twice(.value(Scenario.ada), .value(Scenario.grace)), expecting: .profile(Scenario.ada))
    }
    Scenario.reportMisuse(in: result)
  }

  @Test("An error, then a profile: the error wins, and the profile is ignored")
  func errorThenProfile() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      try await Scenario.run(.twice(.error(LegacyError.offline), .value(Scenario.ada)), expecting: .error(.offline))
    }
    Scenario.reportMisuse(in: result)
  }

  @Test("A profile and an error together: the error wins, once")
  func both() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      try await Scenario.run(Script([.both(Scenario.ada, LegacyError.offline)]), expecting: .error(.offline))
    }
    Scenario.reportMisuse(in: result)
  }

  @Test("Neither a profile nor an error: NeitherValueNorError, without hanging or crashing")
  func neither() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      try await Scenario.run(.neither, expecting: .neither)
    }
    Scenario.reportMisuse(in: result)
  }
}

/// What a child process runs: one call of `profile(id: 7)` over a scripted SDK, and what it must end with.
private enum Scenario {
  static let ada = UserProfile(id: 7, displayName: "Ada")
  static let grace = UserProfile(id: 8, displayName: "Grace")

  enum Outcome {
    case profile(UserProfile)
    case error(LegacyError)
    case neither
  }

  struct WrongOutcome: Error {}

  /// Makes the call under a deadline and throws, failing the child, unless it ends as `outcome` says.
  static func run(_ script: Script<UserProfile>, expecting outcome: Outcome) async throws {
    let service = UserProfileService()
    service.endpoint.script(script)
    let result: Result<UserProfile, any Error>
    do {
      result = .success(
        try await withDeadline("profile(id:)") { try await ProfileLoader(service: service).profile(id: 7) })
    } catch {
      result = .failure(error)
    }
    switch (outcome, result) {
    case (.profile(let expected), .success(let profile)) where profile.id == expected.id: return
    case (.error(let expected), .failure(let error as LegacyError)) where error == expected: return
    case (.neither, .failure(is NeitherValueNorError)): return
    default: throw WrongOutcome()
    }
  }

  /// Names what the runtime said, when the child died of a continuation's misuse.
  static func reportMisuse(in result: ExitTest.Result?) {
    let words = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    if let line = words.split(separator: "\n").first(where: { $0.contains("SWIFT TASK CONTINUATION MISUSE") }) {
      Issue.record("The child process trapped. The runtime said: \(line)")
    }
  }
}
