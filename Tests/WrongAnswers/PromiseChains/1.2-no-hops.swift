// Wrong answer to exercise 1.2 · no-hops
// Mistake: `on: nil` everywhere saves two hops to the main queue; filtering titles is cheap anywhere.
// Anti-pattern: no-hops
// Failure says: The screen was updated off the main queue

import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  firstly {
    api.session(for: user)
  }.then { session in
    api.feed(session: session)  // returns a promise: `then`
  }.map(on: nil) { articles in
    articles.filter(\.isPublished).map(\.title)  // just computes: `map`
  }.done(on: nil) { headlines in
    screen.show(headlines: headlines)  // `done` runs on the main queue by default
  }
}
