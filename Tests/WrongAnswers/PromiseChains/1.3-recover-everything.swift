// Wrong answer to exercise 1.3 · recover-everything
// Mistake: Whatever goes wrong, showing the cached articles beats an error alert.
// Anti-pattern: recover-everything
// Failure says: The cache was shown for a server error

import LegacyKit
import PromiseKitLite

/// Refreshes `screen` with the feed, falling back to `cache` when offline.
public func refreshFeed(session: Session, api: NewsAPI, cache: [Article], screen: FeedScreen) -> PMKFinalizer {
  screen.showSpinner()
  return firstly {
    api.feed(session: session)
  }.recover { _ -> Promise<[Article]> in
    .value(cache)  // anything is better than an error alert
  }.done { articles in
    screen.show(articles: articles)
  }.ensure {
    // Every path passes here, cancellation included: `catch` and `recover` skip it.
    screen.hideSpinner()
  }.catch { error in
    screen.showError(error)
  }
}
