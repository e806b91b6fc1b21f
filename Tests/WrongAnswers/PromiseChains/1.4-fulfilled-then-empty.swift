// Wrong answer to exercise 1.4 · fulfilled-then-empty
// Mistake: `when(fulfilled:)` loads them all; if anything fails, the screen shows no thumbnails rather
//   than an error.
// Anti-pattern: fulfilled-then-empty
// Failure says: Use `when(resolved:)`

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
  when(fulfilled: articles.map { api.thumbnail(for: $0.id) }).recover { _ in Guarantee.value([]) }
}

/// The feed, or a rejection with `TimeoutError` when it takes longer than `timeout` seconds.
public func feed(session: Session, api: NewsAPI, timeout: TimeInterval) -> Promise<[Article]> {
  let deadline = after(seconds: timeout).then { _ -> Promise<[Article]> in
    Promise(error: TimeoutError(seconds: timeout))
  }
  return race(api.feed(session: session), deadline)
}
