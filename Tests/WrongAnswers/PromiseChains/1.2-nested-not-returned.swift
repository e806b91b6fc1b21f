// Wrong answer to exercise 1.2 · nested-not-returned
// Mistake: Once I have the session, I start the feed request in `done`; the chain is shorter that way.
// Anti-pattern: nested-not-returned
// Failure says: a nested chain that is not returned runs on its own
// Also says: The feed's error never reached the caller

import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  firstly {
    api.session(for: user)
  }.done { session in
    api.feed(session: session).map { articles in
      articles.filter(\.isPublished).map(\.title)
    }.done { headlines in
      screen.show(headlines: headlines)
    }.catch { error in
      print("feed failed: \(error)")
    }
  }
}
