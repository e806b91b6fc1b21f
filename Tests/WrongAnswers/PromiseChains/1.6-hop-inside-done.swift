// Wrong answer to exercise 1.6 · hop-inside-done
// Mistake: `done` runs on `work`, and the UI update hops to the main queue by hand, the way the rest of
//   the app does it.
// Anti-pattern: done-on-work
// Failure says: The chain settled before the screen was updated

import Dispatch
import LegacyKit
import PromiseKitLite

/// Loads the feed, prepares it on `work`, and shows it on `screen` from the main queue.
public func showPreparedFeed(
  session: Session, api: NewsAPI, screen: FeedScreen, work: DispatchQueue,
  prepare: @escaping @Sendable ([Article]) -> [Article]
) -> Promise<Void> {
  api.feed(session: session)
    .map(on: work, prepare)  // slow work stays off the main queue
    .done(on: work) { articles in
      work.async { DispatchQueue.main.async { screen.show(articles: articles) } }
    }
}

/// The theme of the stored settings, loaded synchronously; called on the main queue.
public func currentTheme(store: SettingsStore) throws -> String {
  // `wait()` blocks the main queue, so no handler of this chain may need it:
  // `map` would default to the main queue and wait for `wait()` forever.
  try store.load().map(on: nil) { $0.theme }.wait()
}
