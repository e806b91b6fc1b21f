// Exercise 8.7's module, the store: written for Swift 6, and not yours to change.
// The check builds it with your `Ex8_7_FeedModels.swift`, as one module, in the Swift 6 mode.

/// Keeps the feed's articles, off the main actor.
public actor FeedStore {
  private var articles: [Int: Article] = [:]

  /// An empty store.
  public init() {}

  /// Keeps `incoming`, each replacing any article with its id.
  public func add(_ incoming: [Article]) {
    for article in incoming {
      articles[article.id] = article
    }
  }

  /// Marks the article `id` read.
  public func markRead(_ id: Int) {
    articles[id]?.isRead = true
  }

  /// The first page: at most `feedPageSize` articles, unread first.
  public func page() -> [Article] {
    Array(sortedForDisplay(Array(articles.values)).prefix(feedPageSize))
  }
}
