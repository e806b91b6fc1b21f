// Right answer to exercise 7.5 · harness
// Style: the two right tests kept as shipped; every other path goes through a login harness, odd ones in a child.

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

  // The teammate's failure test slept, cancelled and checked nothing: it passed an adapter that never resumes, one
  // that returns a guest session, and one that throws an error of its own. Now it awaits the call and expects the
  // service's own error.
  @Test(
    "A failed login throws the service's own error",
    arguments: [LegacyError.unauthorized, .offline, .server(status: 503)])
  func failedLoginThrows(error: LegacyError) async {
    let harness = LoginHarness(.fail(error))
    await #expect(throws: error) { try await harness.login(password: "wrong") }
    #expect(harness.heard == [AuthService.Credentials(user: "ada", password: "wrong")])
  }

  // The teammate's double callback ran in this process, where a second resume traps the whole run. In a child, the
  // trap fails this test alone; and the child still checks that the first answer won.
  @Test("A service that calls back twice: the first session wins, once")
  func callsBackTwice() async {
    await #expect(processExitsWith: .success) {
      try await LoginHarness.inChild(
        .twice(.value(LoginHarness.ada), .value(LoginHarness.impostor)), endsWith: .session(LoginHarness.ada))
    }
  }

  @Test("An error, then a session: the error wins, once")
  func errorThenSession() async {
    await #expect(processExitsWith: .success) {
      try await LoginHarness.inChild(
        .twice(.error(LegacyError.unauthorized), .value(LoginHarness.ada)), endsWith: .error(.unauthorized))
    }
  }

  @Test("A session, then an error: the session wins, once")
  func sessionThenError() async {
    await #expect(processExitsWith: .success) {
      try await LoginHarness.inChild(
        .twice(.value(LoginHarness.ada), .error(LegacyError.offline)), endsWith: .session(LoginHarness.ada))
    }
  }

  @Test("A session and an error together: the service's error is thrown, once")
  func sessionWithAnError() async {
    await #expect(processExitsWith: .success) {
      try await LoginHarness.inChild(
        Script([.both(LoginHarness.ada, LegacyError.server(status: 500))]), endsWith: .error(.server(status: 500)))
    }
  }

  // The sentence of the contract that had no test at all: neither a session nor an error. Under a deadline, in a
  // child process: an adapter that never resumes fails the child, and one that unwraps `nil` traps there, not here.
  @Test("A service that answers with neither throws NeitherValueNorError, without hanging or crashing")
  func neither() async {
    await #expect(processExitsWith: .success) {
      try await LoginHarness.inChild(.neither, endsWith: .neither)
    }
  }
}

/// One login over a service of its own, scripted for it alone.
struct LoginHarness: Sendable {
  static let ada = Session(token: "t-1815", user: "ada")
  /// A second session the service may send: never the right answer.
  static let impostor = Session(token: "t-2", user: "ada")

  /// How a login ended.
  enum Ending: Equatable {
    case session(Session)
    case error(LegacyError)
    case neither
    /// Anything else it threw (a deadline's error, for one), described.
    case unexpected(String)
  }

  struct WrongEnding: Error {
    let expected: Ending
    let got: Ending
  }

  let auth = AuthService()

  init(_ script: Script<Session>) {
    auth.endpoint.script(script)
  }

  /// The credentials the service heard, call by call.
  var heard: [AuthService.Credentials] { auth.endpoint.calls }

  /// Logs in under a deadline: an adapter that never resumes fails the test instead of hanging it.
  func login(user: String = "ada", password: String = "analytical") async throws -> Session {
    let authenticator = Authenticator(auth: auth)
    return try await withDeadline("login(user: \(user), password:)") {
      try await authenticator.login(user: user, password: password)
    }
  }

  /// Logs in once and says how it ended.
  func ending() async -> Ending {
    do {
      return .session(try await login())
    } catch let error as LegacyError {
      return .error(error)
    } catch is NeitherValueNorError {
      return .neither
    } catch {
      return .unexpected("\(error)")
    }
  }

  /// For a child process: logs in over a service scripted with `script`, and throws, failing the child, unless the
  /// login ended as `expected` after one call with the credentials given.
  static func inChild(_ script: Script<Session>, endsWith expected: Ending) async throws {
    let harness = LoginHarness(script)
    let got = await harness.ending()
    guard got == expected, harness.heard == [AuthService.Credentials(user: "ada", password: "analytical")] else {
      throw WrongEnding(expected: expected, got: got)
    }
  }
}
