// Wrong answer to exercise 1.4 · no-timeout
// Mistake: The feed has its own network timeout, so the wrapper just returns the request.
// Anti-pattern: no-timeout
// Failure says: A request that never answers must still fail after the timeout

import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  // Mapping to promises starts every request now; `when` only waits for them.
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
  api.feed(session: session)  // the network layer times out on its own
}
