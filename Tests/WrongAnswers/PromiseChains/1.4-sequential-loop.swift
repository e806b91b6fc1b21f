// Wrong answer to exercise 1.4 · sequential-loop
// Mistake: A loop that appends each thumbnail to the ones before it keeps the order and never floods the
//   server.
// Anti-pattern: sequential-loop
// Failure says: The requests ran one after another

import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  var chain = Promise.value([Thumbnail]())
  for article in articles {
    chain = chain.then { sofar in api.thumbnail(for: article.id).map { sofar + [$0] } }
  }
  return chain
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
