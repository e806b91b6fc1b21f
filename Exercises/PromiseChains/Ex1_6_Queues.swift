// Exercise 1.6 · Queues: run handlers where they belong
// Grade 3 (challenge) · Lesson: Docs/01-promise-chains.md#queues-and-wait
// Check it: swift run course check 1.6   (or: swift test --filter PromiseChainsTests.Ex1_6_QueuesTests)
//
// Two functions:
//   - `showPreparedFeed`: load the feed, run the slow `prepare` step on the `work`
//     queue it is given (that queue, not merely one that is not main), then show the
//     result on the screen from the main queue, whichever queue called it. Return the
//     chain, which settles once the screen is updated. [map-default-queue] [prepared-not-shown] [done-on-work] [skip-hop-on-main]
//   - `currentTheme`: a legacy synchronous entry point, called on the main queue, that
//     must return the theme of one `store.load()` before it returns. Use `wait()`, without
//     deadlocking the main queue. [wrong-theme] [loads-not-once] [wait-with-map]

import CourseCatalog
import Dispatch
import LegacyKit
import PromiseKitLite

/// Loads the feed, prepares it on `work`, and shows it on `screen` from the main queue.
public func showPreparedFeed(
  session: Session, api: NewsAPI, screen: FeedScreen, work: DispatchQueue,
  prepare: @escaping @Sendable ([Article]) -> [Article]
) -> Promise<Void> {
  Promise(error: NotStarted("1.6", "showPreparedFeed"))  // Replace this line with your chain.
}

/// The theme of the stored settings, loaded synchronously; called on the main queue.
public func currentTheme(store: SettingsStore) throws -> String {
  throw NotStarted("1.6", "currentTheme(store:)")  // Replace this line.
}
