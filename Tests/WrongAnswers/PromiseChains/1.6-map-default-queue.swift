// Wrong answer to exercise 1.6 · map-default-queue
// Mistake: `map` prepares the feed and `done` shows it: PromiseKit takes care of the queues.
// Anti-pattern: map-default-queue
// Failure says: pass it to `map(on: work)`

import Dispatch
import LegacyKit
import PromiseKitLite

/// Loads the feed, prepares it on `work`, and shows it on `screen` from the main queue.
public func showPreparedFeed(
  session: Session, api: NewsAPI, screen: FeedScreen, work: DispatchQueue,
  prepare: @escaping @Sendable ([Article]) -> [Article]
) -> Promise<Void> {
  api.feed(session: session)
    .map(prepare)
    .done { screen.show(articles: $0) }  // `done` defaults to the main queue: right for UI
}

/// The theme of the stored settings, loaded synchronously; called on the main queue.
public func currentTheme(store: SettingsStore) throws -> String {
  // `wait()` blocks the main queue, so no handler of this chain may need it:
  // `map` would default to the main queue and wait for `wait()` forever.
  try store.load().map(on: nil) { $0.theme }.wait()
}
