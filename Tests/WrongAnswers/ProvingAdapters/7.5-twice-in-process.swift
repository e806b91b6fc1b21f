// Wrong answer to exercise 7.5 · twice-in-process
// Mistake: "The teammate's double-callback test awaits under a deadline and checks the first session wins; it looks
//   right, so only the sleeping failure test and the missing `(nil, nil)` need fixing."
// Anti-pattern: twice-in-process
// Failure says: Your tests crash the test process against an adapter that resumes its continuation again when the
//   service calls back twice

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.5 A teammate's suite passes a broken adapter")
struct Ex7_5_TeammatesSuiteTests {
  let ada = Session(token: "t-1815", user: "ada")

  // The teammate's two right tests, unchanged.

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

  // The hole: the teammate's test slept, cancelled and asserted nothing, so it passed an adapter that
  // never resumed, one that returned a session, and one that threw an error of its own.
  @Test("A failed login throws the service's error")
  func failedLoginThrows() async {
    let auth = AuthService()
    auth.endpoint.script(.fail(LegacyError.unauthorized))
    await #expect(throws: LegacyError.unauthorized) {
      try await withDeadline("login(user:password:) of a failed login") {
        try await Authenticator(auth: auth).login(user: "ada", password: "wrong")
      }
    }
  }

  // The teammate's double-callback test: the first session is returned, under a deadline.
  @Test("A service that calls back twice is handled")
  func callsBackTwice() async throws {
    let auth = AuthService()
    auth.endpoint.script(.twice(.value(ada), .value(Session(token: "t-2", user: "ada"))))
    let session = try await withDeadline("login(user:password:)") {
      try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
    }
    #expect(session == ada)
  }

  // The untested sentence of the adapter's doc comment: neither a session nor an error.
  @Test("A service that answers with neither throws NeitherValueNorError")
  func neither() async {
    let auth = AuthService()
    auth.endpoint.script(.neither)
    await #expect(throws: NeitherValueNorError()) {
      try await withDeadline("login(user:password:) of an empty answer") {
        try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
      }
    }
  }
}
