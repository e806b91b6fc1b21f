import CourseKit
import LegacyKit
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_2_SequenceCallsTests {
  /// What the services answer, as a test draws it: a sign-in that fails, a feed that fails, or a feed.
  enum Answers: Sendable, CustomStringConvertible {
    case signInFails(any Error)
    case feedFails(any Error)
    case feed([Article])

    static let all = Gen<Answers>.oneOf([
      Gen.feed.map { .feed($0) }, Gen<any Error>.anyError.map { .feedFails($0) },
      Gen<any Error>.anyError.map { .signInFails($0) },
    ])

    var description: String {
      switch self {
      case .signInFails(let error): "a sign-in that fails with \(Said.errorCase(error))"
      case .feedFails(let error): "a feed that fails with \(Said.errorCase(error))"
      case .feed(let articles): "the feed \(Said.feed(articles))"
      }
    }
  }

  @Test(
    "On feeds of every kind (empty, ids in any order, repeats, drafts) and failures of any kind, the chain does as the reference's does"
  )
  func generatedFeeds() async {
    await Generated.expect("showHeadlines", Answers.all, describe: \.description) { answers in
      func run(
        _ showHeadlines: (NewsAPI, FeedScreen) -> Promise<Void>
      ) async -> (outcome: String, events: [String], feeds: [String]) {
        let (api, screen) = (NewsAPI(), FeedScreen())
        switch answers {
        case .signInFails(let error): api.sessions.script(.fail(error))
        case .feedFails(let error): api.feeds.script(.fail(error))
        case .feed(let articles): api.feeds.script(.succeed(articles))
        }
        let result = try? await showHeadlines(api, screen).settled(within: 0.5, "showHeadlines")
        return (result.map(Said.returnedOrThrew) ?? "never settled", screen.events, api.feeds.calls.map(\.user))
      }
      let mine = await run { PromiseChains.showHeadlines(for: "ada", api: $0, screen: $1) }
      let reference = await run { PromiseChainsReference.showHeadlines(for: "ada", api: $0, screen: $1) }
      guard mine != reference else { return nil }
      let did =
        "The screen showed \(mine.events), the feed was requested for \(mine.feeds), and the chain \(mine.outcome)"
      switch answers {
      case .signInFails:
        return
          "\(did), where \"After a failed step, the later steps must not run\" and the caller hears of the failure (\(reference.outcome)), which \"A failed sign-in rejects the chain\" explains. [guest-session]"
      case .feedFails where mine.outcome != reference.outcome:
        return
          "\(did), where the caller hears \"whether it failed\", with the feed's error of whatever kind (\(reference.outcome)), which \"A failed feed rejects the returned promise\" explains. [recover-empty-feed] [nested-not-returned]"
      case .feedFails:
        return
          "\(did), where \"After a failed step, the later steps must not run\": nothing is shown, which \"A failed sign-in rejects the chain\" explains. [guest-session]"
      case .feed where mine.feeds != reference.feeds:
        return
          "\(did), where the feed is loaded once, with the session of the user, which \"The feed is requested with the session\" explains. [session-not-passed]"
      case .feed where mine.events != reference.events:
        return
          "The screen showed \(mine.events), where it shows \"the titles of the published articles, in feed order\", once (\(reference.events)), which \"The published headlines appear on the screen\" explains. [wrong-titles]"
      case .feed:
        return
          "\(did), where the chain is returned, so the caller hears when it is done (\(reference.outcome)), which \"The returned promise settles only once\" or \"The published headlines appear on the screen\" explains. [nested-not-returned] [recover-empty-feed]"
      }
    }
  }
}
