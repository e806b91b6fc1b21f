// Wrong answer to exercise 7.5 · any-error
// Mistake: "A failed login must throw rather than hand back a session; the caller only shows 'could not sign in', so
//   any error will do."
// Anti-pattern: any-error
// Failure says: Your tests pass an adapter that throws an error of its own instead of the service's

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

  // The hole: the teammate's test slept, cancelled and asserted nothing. Under a deadline, a failed
  // login must now end in a throw.
  @Test("A failed login throws")
  func failedLoginThrows() async throws {
    let auth = AuthService()
    auth.endpoint.script(.fail(LegacyError.unauthorized))
    let threw = try await withDeadline("login(user:password:) of a failed login") { () -> Bool in
      do {
        _ = try await Authenticator(auth: auth).login(user: "ada", password: "wrong")
        return false
      } catch {
        return true
      }
    }
    #expect(threw)
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
