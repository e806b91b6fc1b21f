// Wrong answer to exercise 1.3 · catch-all-errors
// Mistake: `catch` skips cancellations, so I catch `.allErrors` to be sure every failure reaches the
//   user.
// Anti-pattern: catch-all-errors
// Failure says: A cancellation is neither success nor failure

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
    screen.show(articles: articles)
  }.ensure {
    // Every path passes here, cancellation included: `catch` and `recover` skip it.
    screen.hideSpinner()
  }.catch(policy: .allErrors) { error in
    screen.showError(error)
  }
}
