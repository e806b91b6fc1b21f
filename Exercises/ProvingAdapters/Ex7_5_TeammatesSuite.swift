// Exercise 7.5 · A teammate's suite passes a broken adapter
//
// A teammate migrated the login to `Authenticator`.
// The subject, whole, as your tests see it (its body lives with the course's machinery, beside the
// broken versions the check swaps in; you never need to open it):
//
//   public struct Authenticator: Sendable {      // import ProvingAdaptersSubjects
//     public let auth: AuthService               // the legacy service
//     public init(auth: AuthService)
//     public func login(user: String, password: String) async throws -> Session
//   }
//   It logs in through the legacy `AuthService`, resuming exactly once whatever the service does.
//   [no-guard] [never-on-failure] [neither-hangs]
//   It passes the credentials on as given and returns the service's own session. [drops-password]
//   [builds-own-session]
//   It throws the service's own error (also when a session comes with it), and
//   `NeitherValueNorError` when the service answers with neither. [never-on-failure] [guest-on-failure] [generic-error] [neither-hangs]
//   The first answer wins; a second one is ignored. [latest-wins] [no-guard]
//
// The teammate wrote this suite. It passes. Review it as you would in a code review: some of its tests are
// right, and some would pass an adapter that is broken.
// Fix the suite so that it catches every broken adapter the course tries, without changing the two tests
// that are right: `returnsTheSession()` and `passesCredentials()`. [builds-own-session] [drops-password]
// Add tests, and rewrite the others.
//
// `swift run course check 7.5` runs this suite against the correct adapter, then against broken ones,
// and names each broken one that your suite lets through.
//
// Lesson: Docs/07-proving-adapters.md#a-teammates-suite

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.5 A teammate's suite passes a broken adapter")
struct Ex7_5_TeammatesSuiteTests {
  let ada = Session(token: "t-1815", user: "ada")

  @Test("A login returns the service's session")
  func returnsTheSession() async throws {
    let auth = AuthService()
    auth.endpoint.script(.succeed(ada))
    let session = try await withDeadline("login(user:password:)") {
      try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
    }
    #expect(session == ada)
  }

  @Test("The user's credentials are passed on as given")
  func passesCredentials() async throws {
    let auth = AuthService()
    _ = try await withDeadline("login(user:password:)") {
      try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
    }
    #expect(auth.endpoint.calls == [AuthService.Credentials(user: "ada", password: "analytical")])
  }

  @Test("A failed login throws")
  func failedLoginThrows() async throws {
    let auth = AuthService()
    auth.endpoint.script(.fail(LegacyError.unauthorized))
    let login = Task { try await Authenticator(auth: auth).login(user: "ada", password: "wrong") }
    // Give the login time to fail, then stop waiting, so that this test can never hang.
    try await Task.sleep(for: .milliseconds(100))
    login.cancel()
  }

  @Test("A service that calls back twice is handled")
  func callsBackTwice() async throws {
    let auth = AuthService()
    auth.endpoint.script(.twice(.value(ada), .value(Session(token: "t-2", user: "ada"))))
    let session = try await withDeadline("login(user:password:)") {
      try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
    }
    #expect(session == ada)
  }
}
