import CourseKit
import LegacyKit
import PromiseChains
import PromiseKitLite
import Testing

@Suite("1.1 Wrap a completion handler in a promise", .exercise("1.1"))
struct Ex1_1_WrapCompletionHandlerTests {
  let auth = AuthService()
  let session = Session(token: "t-1", user: "ada")

  @Test("A session from the service fulfills the promise with that session")
  func sessionFulfills() async throws {
    auth.script(.succeed(session))
    let result = await awaitSettled(signIn(with: auth, user: "ada", password: "pw"), "The promise signIn returned")
    #expect(
      try result?.get() == session,
      "A session from the service must fulfill the promise with that session. [session-not-fulfilled]")
  }

  @Test("The service is called once, with the user's credentials")
  func callsServiceOnce() async {
    // Credentials as a user typed them: the wrapper passes them on unchanged, trimming and all.
    _ = await awaitSettled(signIn(with: auth, user: " Ada ", password: "p w"), "The promise signIn returned")
    #expect(
      auth.calls == [AuthService.Credentials(user: " Ada ", password: "p w")],
      "Call the legacy service exactly once, inside `Promise { seal in ... }`, and pass the credentials through unchanged: it was called with \(auth.calls). [retry-login]"
    )
  }

  @Test("An error from the service rejects the promise with that error, after one call")
  func errorRejects() async throws {
    auth.script(.fail(LegacyError.unauthorized))
    let result = await awaitSettled(signIn(with: auth, user: "ada", password: "no"), "The promise signIn returned")
    #expect(
      result?.failure as? LegacyError == .unauthorized,
      "The service's error must reject the promise, unchanged. [changed-error]")
    #expect(
      auth.calls.count == 1,
      "Call the legacy service exactly once: a failed sign-in led to \(auth.calls.count) calls (retrying is the caller's business). [retry-login]"
    )
  }

  @Test("Neither a session nor an error rejects with invalidCallingConvention, instead of hanging")
  func neitherRejects() async throws {
    auth.script(.neither)
    let result = await awaitSettled(
      signIn(with: auth, user: "ada", password: "pw"), "The promise signIn returned",
      ifItHangs:
        "When the callback delivers (nil, nil), an if/else-if on the two optionals leaves the promise pending forever: use `seal.resolve(session, error)`. [if-else-if]"
    )
    guard let result else { return }
    guard case .failure(PMKError.invalidCallingConvention) = result else {
      Issue.record(
        "(nil, nil) must reject with PMKError.invalidCallingConvention; the promise settled with \(result). [wrong-convention-error]"
      )
      return
    }
  }

  @Test("A session and an error together reject: the error wins")
  func errorWinsOverSession() async throws {
    auth.script(Script([.both(session, LegacyError.server(status: 500))]))
    let result = await awaitSettled(signIn(with: auth, user: "ada", password: "pw"), "The promise signIn returned")
    #expect(
      result?.failure as? LegacyError == .server(status: 500),
      "When the callback delivers both, the error wins: checking the session first hides the failure. [session-first]")
  }

  @Test("A reply from a background thread, after a delay, settles the promise")
  func backgroundReplySettles() async throws {
    auth.script(Script.succeed(session).after(0.02).fromBackground)
    let result = await awaitSettled(signIn(with: auth, user: "ada", password: "pw"), "The promise signIn returned")
    #expect(
      try result?.get() == session,
      "A reply from a background thread, after a delay, must fulfill the promise with its session. [session-not-fulfilled]"
    )
  }

  @Test("A second callback is ignored: the first answer stands")
  func secondCallbackIgnored() async throws {
    auth.script(.twice(.error(LegacyError.offline), .value(session)))
    let result = await awaitSettled(signIn(with: auth, user: "ada", password: "pw"), "The promise signIn returned")
    #expect(
      result?.failure as? LegacyError == .offline,
      "A promise settles once: the first callback decides. [last-answer-wins]")
  }
}
