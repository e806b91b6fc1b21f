// Wrong answer to exercise 1.2 · done-on-nil
// Mistake: `done(on: nil)` saves a hop to the main queue; the feed answers quickly anyway.
// Lesson bullet: `done` runs on the main queue by default
// Failure says: The screen was updated off the main queue

import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  firstly {
    api.session(for: user)
  }.then { session in
    api.feed(session: session)  // returns a promise: `then`
  }.map { articles in
    articles.filter(\.isPublished).map(\.title)  // just computes: `map`
  }.done(on: nil) { headlines in
    screen.show(headlines: headlines)  // `done` runs on the main queue by default
  }
}
