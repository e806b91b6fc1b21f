// Wrong answer to exercise 1.3 · request-then-spinner
// Mistake: The request goes out first and the spinner comes right after it, in the same breath,
//   so the order looks the same on the screen.
// Anti-pattern: spinner-after-request
// Failure says: When the feed was requested, the screen had shown []

import LegacyKit
import PromiseKitLite

/// Refreshes `screen` with the feed, falling back to `cache` when offline.
public func refreshFeed(session: Session, api: NewsAPI, cache: [Article], screen: FeedScreen) -> PMKFinalizer {
  let request = api.feed(session: session)
  screen.showSpinner()
  return request.recover { error -> Promise<[Article]> in
    // Recover only what this screen can handle; everything else goes on to `catch`.
    guard case LegacyError.offline = error else { throw error }
    return .value(cache)
  }.done { articles in
    screen.show(articles: articles)
  }.ensure {
    screen.hideSpinner()
  }.catch { error in
    screen.showError(error)
  }
}
