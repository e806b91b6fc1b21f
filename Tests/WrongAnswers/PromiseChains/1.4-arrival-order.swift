// Wrong answer to exercise 1.4 · arrival-order
// Mistake: Each thumbnail goes into the list as soon as it arrives, so the first ones show up first.
// Anti-pattern: arrival-order
// Failure says: keeps the input order; do not sort by arrival

import Foundation
import LegacyKit
import Locking
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  let arrived = Locked<[Thumbnail]>([])
  let requests = articles.map { article in
    api.thumbnail(for: article.id).get { thumbnail in arrived.withLock { $0.append(thumbnail) } }
  }
  return when(fulfilled: requests).map { _ in arrived.withLock { $0 } }
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
  let deadline = after(seconds: timeout).then { _ -> Promise<[Article]> in
    Promise(error: TimeoutError(seconds: timeout))
  }
  return race(api.feed(session: session), deadline)
}
