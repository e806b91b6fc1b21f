// Wrong answer to exercise 1.3 · spinner-in-done-and-catch
// Mistake: The spinner hides when the articles arrive, and when the error does: both ends of the chain.
// Anti-pattern: spinner-in-done-and-catch
// Failure says: The spinner stayed on after a cancel

import LegacyKit
import PromiseKitLite

/// Refreshes `screen` with the feed, falling back to `cache` when offline.
public func refreshFeed(session: Session, api: NewsAPI, cache: [Article], screen: FeedScreen) -> PMKFinalizer {
  screen.showSpinner()
  return firstly {
    api.feed(session: session)
  }.recover { error -> Promise<[Article]> in
    // Recover only what this screen can handle; everything else goes on to `catch`.
    guard case LegacyError.offline = error else { throw error }
    return .value(cache)
  }.done { articles in
    screen.hideSpinner()
    screen.show(articles: articles)
  }.catch { error in
    screen.hideSpinner()
    screen.showError(error)
  }
}
