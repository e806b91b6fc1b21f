// Wrong answer to exercise 7.5 · kept-test-extended
// Mistake: "The teammate's test checks the credentials; one more line in it checks that the service
//   was asked once, too. It still catches everything it caught."
// Anti-pattern: kept-test-weakened
// Failure says: You changed the teammate's test `passesCredentials()`

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
    #expect(auth.endpoint.calls.count == 1, "the service is asked once")
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

  // The second hole: in the test's own process, an adapter that resumed twice trapped and took the
  // whole run down, so the run failed but no test said why. In a child process the trap fails this test.
  @Test("A service that calls back twice: the first answer wins, once")
  func callsBackTwice() async {
    await #expect(processExitsWith: .success) {
      let auth = AuthService()
      let first = Session(token: "t-1815", user: "ada")
      auth.endpoint.script(.twice(.value(first), .value(Session(token: "t-2", user: "ada"))))
      let session = try await withDeadline("login(user:password:)") {
        try await Authenticator(auth: auth).login(user: "ada", password: "analytical")
      }
      guard session == first else { throw SecondAnswerWon() }
    }
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

private struct SecondAnswerWon: Error {}
