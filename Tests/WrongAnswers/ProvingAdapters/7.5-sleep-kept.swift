// Wrong answer to exercise 7.5 · sleep-kept
// Mistake: "The failure test already guards against a hang with its sleep and cancel; the holes are the double
//   callback in the test's own process and the missing `(nil, nil)`, so I fix those and keep it."
// Anti-pattern: sleep-kept
// Failure says: Your tests pass an adapter that never resumes when the login fails

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

  // The teammate's failure test: it can never hang, and a failed login has nothing to return.
  @Test("A failed login throws")
  func failedLoginThrows() async throws {
    let auth = AuthService()
    auth.endpoint.script(.fail(LegacyError.unauthorized))
    let login = Task { try await Authenticator(auth: auth).login(user: "ada", password: "wrong") }
    // Give the login time to fail, then stop waiting, so that this test can never hang.
    try await Task.sleep(for: .milliseconds(100))
    login.cancel()
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
