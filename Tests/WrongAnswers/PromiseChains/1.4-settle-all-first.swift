// Wrong answer to exercise 1.4 · settle-all-first
// Mistake: I wait until every request has answered, then fail if one of them failed: that way nothing is
//   left running.
// Anti-pattern: settle-all-first
// Failure says: the result still waited for the others

import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  when(resolved: articles.map { api.thumbnail(for: $0.id) }).map { results in
    try results.map { result in
      switch result {
      case .fulfilled(let thumbnail): return thumbnail
      case .rejected(let error): throw error
      }
    }
  }
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
