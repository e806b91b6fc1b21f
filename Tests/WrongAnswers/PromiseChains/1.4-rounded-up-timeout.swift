// Wrong answer to exercise 1.4 · rounded-up-timeout
// Mistake: "The timer is a `DispatchTimeInterval` of whole seconds, so round the timeout up: a
//   timeout that waits a little longer never gives up on a feed too soon."
// Anti-pattern: rounded-timeout
// Failure says: Given a 0.5 s timeout, the timer waits 1.0 s

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
  let deadline = after(.seconds(Int(timeout.rounded(.up)))).then { _ -> Promise<[Article]> in
    Promise(error: TimeoutError(seconds: timeout))
  }
  return race(api.feed(session: session), deadline)
}
