// Exercise 1.2 · Sequence dependent calls without nesting
// Grade 1 (warm-up) · Lesson: Docs/01-promise-chains.md#sequence-with-then-map-done
// Check it: swift run course check 1.2   (or: swift test --filter PromiseChainsTests.Ex1_2_SequenceCallsTests)
//
// Show the headlines of a user's feed, as one flat chain: [nested-not-returned] [recover-empty-feed]
//   1. open a session with `api.session(for: user)`, [wrong-user]
//   2. load the feed with `api.feed(session:)`, using that session, [session-not-passed]
//   3. keep the titles of the published articles, in feed order, [wrong-titles]
//   4. show them once with `screen.show(headlines:)`, from the main queue. [wrong-titles] [no-hops]
// After a failed step, the later steps must not run. [guest-session]
// Return the chain, so the caller hears when it is done and whether it failed. [nested-not-returned]
//   [recover-empty-feed]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// Shows the headlines of `user`'s published articles on `screen`.
public func showHeadlines(for user: String, api: NewsAPI, screen: FeedScreen) -> Promise<Void> {
  Promise(error: NotStarted("1.2"))  // Replace this line with your chain.
}
