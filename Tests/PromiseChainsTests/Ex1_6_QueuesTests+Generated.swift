import CourseKit
import Foundation
import LegacyKit
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_6_QueuesTests {
  @Test(
    "showPreparedFeed: on drawn feeds (none, repeats, drafts, ids in any order) and prepare steps of every kind, the screen shows what the reference's shows"
  )
  func generatedFeeds() async {
    let scenarios = Gen.zip(Gen<Article>.feed, Gen<Int>.int(in: 0...(Self.prepares.count - 1)))
    await Generated.expect(
      "showPreparedFeed", scenarios,
      describe: { "the feed \(Said.feed($0.0)), and a prepare step that \(Self.prepares[$0.1].said)" }
    ) { feed, step in
      let prepare = Self.prepares[step].prepare
      let mine = await Self.shown(feed) {
        PromiseChains.showPreparedFeed(session: $0, api: $1, screen: $2, work: $3, prepare: prepare)
      }
      let expected = await Self.shown(feed) {
        PromiseChainsReference.showPreparedFeed(session: $0, api: $1, screen: $2, work: $3, prepare: prepare)
      }
      guard mine != expected else { return nil }
      return
        "The screen showed \(mine), where it shows what `prepare` returned, whatever the feed, an empty one too (\(expected)): run the step on every feed the service answers, and show its result, which \"showPreparedFeed: prepare runs on the work queue\" explains. [prepared-not-shown]"
    }
  }

  /// The prepare steps drawn: each changes a feed in its own way, an empty feed too.
  static let prepares: [(said: String, prepare: @Sendable ([Article]) -> [Article])] = [
    ("keeps the published articles", { $0.filter(\.isPublished) }),
    ("puts a \"Top stories\" article first", { [Article(id: 99, title: "Top stories")] + $0 }),
    ("reverses the feed", { $0.reversed() }),
    ("returns the feed as it is", { $0 }),
  ]

  /// What the screen showed once `show` (the learner's chain, or the reference's) settled, over a feed
  /// answering `feed`.
  static func shown(
    _ feed: [Article], _ show: (Session, NewsAPI, FeedScreen, DispatchQueue) -> Promise<Void>
  ) async -> [String] {
    let api = NewsAPI()
    let screen = FeedScreen()
    api.feeds.script(Script.succeed(feed).fromBackground)
    let chain = show(Session(token: "t", user: "ada"), api, screen, DispatchQueue(label: "work"))
    _ = await awaitSettled(chain, "The chain showPreparedFeed returned")
    return screen.events
  }
}
