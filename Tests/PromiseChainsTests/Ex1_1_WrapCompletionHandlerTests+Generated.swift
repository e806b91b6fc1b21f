import CourseKit
import LegacyKit
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_1_WrapCompletionHandlerTests {
  @Test(
    "On replies of every kind (a session, any error, both, neither), signIn settles as the reference does, calling the service once"
  )
  func generatedReplies() async {
    let sessions = Gen.int(in: 1...3).map { Session(token: "t-\($0)", user: "user-\($0)") }
    await Generated.expect(
      "signIn", Gen.reply(sessions),
      describe: { "the service answering \(Said.reply($0) { "the session \($0.token)" })" }
    ) { reply in
      func settle(
        _ signIn: (AuthService) -> Promise<Session>
      ) async -> (result: Swift.Result<Session, any Error>?, calls: Int) {
        let auth = AuthService()
        auth.script(Script([reply]))
        let result = try? await signIn(auth).settled(within: 1, "signIn")
        return (result, auth.calls.count)
      }
      let (mine, calls) = await settle { PromiseChains.signIn(with: $0, user: "ada", password: "pw") }
      let reference = await settle { PromiseChainsReference.signIn(with: $0, user: "ada", password: "pw") }.result
      let (said, expected) = (mine.map(Said.outcome) ?? "never settled", reference.map(Said.outcome) ?? "never settled")
      guard said != expected else {
        guard calls == 1 else {
          return
            "The service was called \(calls) times for one sign-in: call it once, whatever it answers (retrying is the caller's business), which \"The service is called once\" explains. [retry-login]"
        }
        return nil
      }
      switch (reply, mine) {
      case (.value, _):
        return
          "The promise \(said), not what a session gives: it fulfills with that session, which \"A session from the service fulfills\" explains. [session-not-fulfilled]"
      case (.both, .success?):
        return
          "The promise \(said): when the service answers both, the error wins, whatever its kind (\(expected)), which \"A session and an error together reject\" explains. [session-first]"
      case (.error, _), (.both, _):
        return
          "The promise \(said), where it rejects with the service's error, whatever its kind, unchanged (\(expected)), which \"An error from the service rejects the promise\" explains. [changed-error]"
      case (.neither, _):
        return
          "The promise \(said), where (nil, nil) rejects with `PMKError.invalidCallingConvention`, which \"Neither a session nor an error\" explains. [wrong-convention-error]"
      }
    }
  }
}
