// Wrong answer to exercise 1.2 · guest-session
// Mistake: When sign-in fails, carry on with a guest session: the user still sees public headlines.
// Anti-pattern: guest-session
// Failure says: After a failed step, the later steps must not run

import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  firstly {
    api.session(for: user)
  }.recover { _ in
    Guarantee.value(Session(token: "guest", user: user))  // continue anyway, as a guest
  }.then { session in
    api.feed(session: session)  // returns a promise: `then`
  }.map { articles in
    articles.filter(\.isPublished).map(\.title)  // just computes: `map`
  }.done { headlines in
    screen.show(headlines: headlines)  // `done` runs on the main queue by default
  }
}
