// Exercise 1.4 · Fan out and in: when, race, after
// Grade 2 (practice) · Lesson: Docs/01-promise-chains.md#fan-out-and-in
// Check it: swift run course check 1.4   (or: swift test --filter PromiseChainsTests.Ex1_4_FanOutFanInTests)
//
// Three functions over `NewsAPI`:
//   - `thumbnails`: every thumbnail, in article order; all requests start at
//     once; one failure fails the whole result, at once, with its own error. [arrival-order]
//     [sequential-loop] [settle-all-first] [failure-swallowed]
//   - `availableThumbnails`: the thumbnails that loaded, in article order; failures are skipped.
//     [append-in-arrival-order] [fulfilled-then-empty]
//   - `feed(session:api:timeout:)`: the feed, or its own error if it fails first, or
//     `TimeoutError(seconds: timeout)` if it takes longer than `timeout` seconds, counted to the
//     fraction: 0.5 is half a second, rounded neither down nor up (time it with `after`, the
//     timer the tests hear, never another timer). [fast-feed-lost] [wrong-timeout-error]
//     [no-timeout] [early-timeout] [rounded-timeout] [another-timer]
//
// The structured counterparts, which cancel what loses: exercises 9.3 and 9.4
// (Docs/09-actors-and-structured-concurrency.md#when-becomes-a-task-group).

import CourseCatalog
import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  Promise(error: NotStarted("1.4", "thumbnails(for:api:)"))  // Replace this line.
}

/// The thumbnails of `articles` that loaded, in article order; never fails.
public func availableThumbnails(for articles: [Article], api: NewsAPI) -> Guarantee<[Thumbnail]> {
  _ = NotStarted("1.4", "availableThumbnails(for:api:)")  // Replace these two lines.
  return Guarantee.value([])
}

/// The feed, or a rejection with `TimeoutError` when it takes longer than `timeout` seconds.
public func feed(session: Session, api: NewsAPI, timeout: TimeInterval) -> Promise<[Article]> {
  Promise(error: NotStarted("1.4", "feed(session:api:timeout:)"))  // Replace this line.
}
