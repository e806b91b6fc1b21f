// Wrong answer to exercise 1.3 · ensure-beside
// Mistake: The spinner hides when the request ends, so `ensure` goes on the request itself.
// Anti-pattern: ensure-beside
// Failure says: The spinner went off before the articles were on the screen

import LegacyKit
import PromiseKitLite

/// Refreshes `screen` with the feed, falling back to `cache` when offline.
public func refreshFeed(session: Session, api: NewsAPI, cache: [Article], screen: FeedScreen) -> PMKFinalizer {
  screen.showSpinner()
  let request = api.feed(session: session)
  request.ensure { screen.hideSpinner() }.catch(policy: .allErrors) { _ in }
  return request.recover { error -> Promise<[Article]> in
    // Recover only what this screen can handle; everything else goes on to `catch`.
    guard case LegacyError.offline = error else { throw error }
    return .value(cache)
  }.done { articles in
    screen.show(articles: articles)
  }.catch { error in
    screen.showError(error)
  }
}
