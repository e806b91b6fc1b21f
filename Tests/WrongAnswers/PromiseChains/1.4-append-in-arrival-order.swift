// Wrong answer to exercise 1.4 · append-in-arrival-order
// Mistake: "I don't need when(resolved:) and its Results: I start every request, and each one that loads appends its thumbnail to a locked list; when the last request is done I hand the list back."
// Anti-pattern: append-in-arrival-order
// Failure says: in the order they arrived, not in article order

import Foundation
import LegacyKit
import PromiseKitLite

/// The thumbnails of all `articles`, loaded at once; rejects as soon as one fails.
public func thumbnails(for articles: [Article], api: NewsAPI) -> Promise<[Thumbnail]> {
  let requests = articles.map { api.thumbnail(for: $0.id) }  // every request starts here
  return when(fulfilled: requests)
}

/// Collects the thumbnails as they arrive; the lock keeps the handlers from racing.
private final class ArrivedThumbnails: @unchecked Sendable {
  private let lock = NSLock()
  private var loaded: [Thumbnail] = []
  private var outstanding: Int

  init(expecting count: Int) {
    outstanding = count
  }

  /// Records one settled request; returns the loaded thumbnails once the last one has settled.
  func record(_ result: Result<Thumbnail>) -> [Thumbnail]? {
    lock.lock()
    defer { lock.unlock() }
    if case .fulfilled(let thumbnail) = result {
      loaded.append(thumbnail)
    }
    outstanding -= 1
    return outstanding == 0 ? loaded : nil
  }
}

/// The thumbnails of `articles` that loaded, in article order; never fails.
public func availableThumbnails(for articles: [Article], api: NewsAPI) -> Guarantee<[Thumbnail]> {
  guard !articles.isEmpty else { return .value([]) }
  let (guarantee, resolve) = Guarantee<[Thumbnail]>.pending()
  let arrived = ArrivedThumbnails(expecting: articles.count)
  for article in articles {
    // Off the main queue: nothing here touches the UI.
    _ = api.thumbnail(for: article.id).tap(on: .global()) { result in
      if let all = arrived.record(result) {
        resolve(all)
      }
    }
  }
  return guarantee
}

/// The feed, or a rejection with `TimeoutError` when it takes longer than `timeout` seconds.
public func feed(session: Session, api: NewsAPI, timeout: TimeInterval) -> Promise<[Article]> {
  let request = api.feed(session: session)
  let timer = after(seconds: timeout).then { _ -> Promise<[Article]> in
    Promise(error: TimeoutError(seconds: timeout))
  }
  return race(request, timer)
}
