// Wrong answer to exercise 1.6 · skip-hop-on-main
// Mistake: "When showPreparedFeed is called on the main queue, `done` is already where it belongs, so `on: nil` saves a pointless hop back to main; only callers on other queues need `.main`."
// Anti-pattern: skip-hop-on-main
// Failure says: Called from the main queue, the chain updated the screen off it

import Dispatch
import LegacyKit
import PromiseKitLite

/// Loads the feed, prepares it on `work`, and shows it on `screen` from the main queue.
public func showPreparedFeed(
  session: Session, api: NewsAPI, screen: FeedScreen, work: DispatchQueue,
  prepare: @escaping @Sendable ([Article]) -> [Article]
) -> Promise<Void> {
  // Already on the main queue? Then there is no need to queue the last step again.
  let showQueue: DispatchQueue? = MainQueue.isCurrent ? nil : .main
  return api.feed(session: session)
    .map(on: work) { articles in prepare(articles) }  // slow: off the main queue
    .done(on: showQueue) { prepared in screen.show(articles: prepared) }
}

/// The theme of the stored settings, loaded synchronously; called on the main queue.
public func currentTheme(store: SettingsStore) throws -> String {
  // The store answers from a background queue, and no handler needs the main queue.
  try store.load().map(on: .global()) { $0.theme }.wait()
}
