// Exercise 8.7 · A module, one file at a time: where to start, what to leave · solution

import Synchronization
// Debt, marked: `VendorSDK` does not say yet that `LocationFix` (a struct of two `Double`s) is
// `Sendable`. Remove `@preconcurrency` when its next release does.
@preconcurrency import VendorSDK

/// An article of the feed. A value: whoever is handed one has their own, so the store's copy changes
/// only in the store, and `Sendable` is true of it (checked, member by member).
public struct Article: Sendable {
  /// Its id, unique in the feed.
  public let id: Int
  /// Its title.
  public var title: String
  /// Whether it has been opened.
  public var isRead: Bool
  /// Where it was written, from the vendor's SDK, when it is known.
  public var place: LocationFix?

  /// An article.
  public init(id: Int, title: String, isRead: Bool = false, place: LocationFix? = nil) {
    self.id = id
    self.title = title
    self.isRead = isRead
    self.place = place
  }
}

/// Where `feedPageSize` is kept: written on the main actor and read on the store's, so behind a lock.
let pageSize = Mutex(20)

/// How many articles a page of the feed shows. Still a global the other files read and write, but a
/// computed one, whose every access goes through the lock: no shared mutable storage is exposed.
public var feedPageSize: Int {
  get { pageSize.withLock { $0 } }
  set { pageSize.withLock { $0 = newValue } }
}

/// `articles`, unread first, then by id.
public func sortedForDisplay(_ articles: [Article]) -> [Article] {
  articles.sorted { ($0.isRead ? 1 : 0, $0.id) < ($1.isRead ? 1 : 0, $1.id) }
}
