// Exercise 1.2 · Sequence dependent calls without nesting · solution

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
  }.done { headlines in
    screen.show(headlines: headlines)  // `done` runs on the main queue by default
  }
}
