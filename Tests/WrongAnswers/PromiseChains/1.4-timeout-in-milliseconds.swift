// Wrong answer to exercise 1.4 · timeout-in-milliseconds
// Mistake: The timer is made with a `DispatchTimeInterval`, in milliseconds, from a timeout
//   that is in seconds: a 100 s timeout gives up after a tenth of a second.
// Anti-pattern: early-timeout
// Failure says: Given a 100 s timeout, a feed that never answers was given up on within a second

import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  when(fulfilled: articles.map { api.thumbnail(for: $0.id) })
}

/// The thumbnails of `articles` that loaded, in article order; never fails.
public func availableThumbnails(for articles: [Article], api: NewsAPI) -> Guarantee<[Thumbnail]> {
  when(resolved: articles.map { api.thumbnail(for: $0.id) }).map { results in
    results.compactMap { result in
      if case .fulfilled(let thumbnail) = result { thumbnail } else { nil }
    }
  }
}

/// The feed, or a rejection with `TimeoutError` when it takes longer than `timeout` seconds.
public func feed(session: Session, api: NewsAPI, timeout: TimeInterval) -> Promise<[Article]> {
  let deadline = after(.milliseconds(Int(timeout))).then { _ -> Promise<[Article]> in
    Promise(error: TimeoutError(seconds: timeout))
  }
  return race(api.feed(session: session), deadline)
}
