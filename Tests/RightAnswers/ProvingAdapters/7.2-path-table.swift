// Right answer to exercise 7.2 · path table
// Style: a table of SDK paths (script, expected outcome) run by @Test(arguments:), the odd ones in child processes.

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.2 Exactly once: catch a double resume and a zero resume")
struct Ex7_2_ExactlyOnceTests {
  @Test("A plain path ends with the SDK's own answer, for the user asked", arguments: SDKPath.plain)
  func plainPath(_ path: SDKPath) async {
    let (outcome, calls) = await path.run()
    #expect(outcome == path.expected)
    #expect(calls == [SDKPath.user])
  }

  // An exit test's closure cannot capture the row, so each row's child names its path itself.
  @Test("A path that can trap or hang ends as scripted, once, in a child process", arguments: SDKPath.odd)
  func oddPath(_ path: SDKPath) async {
    let child: ExitTest.Result?
    switch path.name {
    case .twoProfiles:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.twoProfiles).verify()
      }
    case .errorThenProfile:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.errorThenProfile).verify()
      }
    case .profileThenError:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.profileThenError).verify()
      }
    case .both:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.both).verify()
      }
    case .neither:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.neither).verify()
      }
    case .neitherThenProfile:
      child = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        try await SDKPath.named(.neitherThenProfile).verify()
      }
    case .profile, .error:
      Issue.record("\(path.name) is a plain path: it belongs to plainPath(_:)")
      return
    }
    let words = String(decoding: child?.standardErrorContent ?? [], as: UTF8.self)
    #expect(!words.contains("MISUSE"), "the child's standard error: \(words)")
  }
}

/// One row of the table: a path the SDK can take, its script, and how `profile(id:)` must end on it.
struct SDKPath: Sendable, CustomTestStringConvertible {
  enum Name: String, Sendable {
    case profile, error, twoProfiles, errorThenProfile, profileThenError, both, neither, neitherThenProfile
  }

  /// How a call ended: what the test compares with what the row expects.
  enum Outcome: Equatable, Sendable {
    case profile(UserProfile)
    case error(LegacyError)
    case neither
    /// Anything else it threw (a deadline's error, for one), described.
    case unexpected(String)
  }

  let name: Name
  let script: Script<UserProfile>
  let expected: Outcome

  var testDescription: String { name.rawValue }

  /// The user every row asks for: not 1, and not what an SDK would make up.
  static let user = 42
  static let ada = UserProfile(id: 42, displayName: "Ada Lovelace")
  static let grace = UserProfile(id: 42, displayName: "Grace Hopper")

  /// The paths a correct adapter and most broken ones survive: run in process.
  static let plain = [
    SDKPath(name: .profile, script: .succeed(ada), expected: .profile(ada)),
    SDKPath(name: .error, script: .fail(LegacyError.server(status: 503)), expected: .error(.server(status: 503))),
  ]

  /// The paths where a broken adapter resumes twice (and traps), unwraps `nil` (and traps), or never resumes.
  /// Every reply comes on the caller's thread, before `loadProfile` returns, so a second resume happens in the child.
  static let odd = [
    SDKPath(name: .twoProfiles, script: .twice(.value(ada), .value(grace)), expected: .profile(ada)),
    SDKPath(
      name: .errorThenProfile, script: .twice(.error(LegacyError.offline), .value(ada)), expected: .error(.offline)),
    SDKPath(name: .profileThenError, script: .twice(.value(ada), .error(LegacyError.offline)), expected: .profile(ada)),
    SDKPath(name: .both, script: Script([.both(ada, LegacyError.unauthorized)]), expected: .error(.unauthorized)),
    SDKPath(name: .neither, script: .neither, expected: .neither),
    SDKPath(name: .neitherThenProfile, script: .twice(.neither, .value(ada)), expected: .neither),
  ]

  static func named(_ name: Name) -> SDKPath {
    (plain + odd).first { $0.name == name }!
  }

  /// Calls `profile(id:)` once over a service scripted with this row, under a deadline.
  func run() async -> (Outcome, calls: [Int]) {
    let service = UserProfileService()
    service.endpoint.script(script)
    let loader = ProfileLoader(service: service)
    let outcome: Outcome
    do {
      outcome = .profile(
        try await withDeadline("profile(id: \(Self.user)), \(name)") { try await loader.profile(id: Self.user) })
    } catch let error as LegacyError {
      outcome = .error(error)
    } catch is NeitherValueNorError {
      outcome = .neither
    } catch {
      outcome = .unexpected("\(error)")
    }
    return (outcome, service.endpoint.calls)
  }

  /// In a child process: runs this row and throws, which fails the child, unless it ended as expected.
  func verify() async throws {
    let (outcome, calls) = await run()
    guard outcome == expected, calls == [Self.user] else {
      throw WrongOutcome(path: name, expected: expected, got: outcome, calls: calls)
    }
  }
}

private struct WrongOutcome: Error {
  let path: SDKPath.Name
  let expected: SDKPath.Outcome
  let got: SDKPath.Outcome
  let calls: [Int]
}
