// Wrong answer to exercise 1.2 · recover-empty-feed
// Mistake: A failed feed should not break the screen: `recover` with an empty list, and the chain goes
//   on.
// Anti-pattern: recover-empty-feed
// Failure says: The feed's error never reached the caller

import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  firstly {
    api.session(for: user)
  }.then { session in
    api.feed(session: session).recover { _ in
      Guarantee.value([Article]())  // an empty feed rather than a broken screen
    }
  }.map { articles in
    articles.filter(\.isPublished).map(\.title)  // just computes: `map`
  }.done { headlines in
    screen.show(headlines: headlines)  // `done` runs on the main queue by default
  }
}
