// Exercise 8.7 · A module, one file at a time: where to start, what to leave
// Grade 4 (interview-hard) · Lesson: Docs/08-the-swift-6-language-mode.md#a-module-one-file-at-a-time
// Check it: swift run course check 8.7   (or: swift test --filter StrictConcurrencyTests.Ex8_7_FeedModelsTests)
//
// The feed module has three files: this one, the models, and two that use them, already written
// for Swift 6 and not yours to change: `FeedStore.swift` (an actor that keeps the articles) and
// `FeedScreen.swift` (the main-actor screen), quoted whole at the end of this header (they live with
// the course's machinery; you never need to open them). Built together in the Swift 6 language
// mode, all three fail, and every error points back here. Make the module build in the Swift 6 mode
// with no warning, by changing this file alone: [leaf-first] [non-sendable-member]
//   - an article the screen hands to the store is the store's own: the store marks it read, and the
//     screen sees that on its next page; nothing outside the store changes what it keeps;
//     [leaf-first] [wrong-page] [shared-article]
//   - `feedPageSize` is still a global the settings screen writes (on the main actor) and the store
//     reads (on its own actor), and every page has that many articles at most; [global-mutable-state]
//     [leaf-first] [wrong-page]
//   - `sortedForDisplay` puts unread articles first, then by id. [wrong-page]
// `VendorSDK` is not yours, and its next release will say which of its types are `Sendable`: until
// then you may import it `@preconcurrency`, and only it, with a comment on the line above saying
// so. [unmarked-debt] [preconcurrency]
// No other escape hatch (`nonisolated(unsafe)`, `@unchecked Sendable`). [nonisolated-unsafe] [unchecked-sendable]
// Keep the names; the kind of type and how a global is stored are yours.
//
// FeedStore.swift, whole:
//
//   /// Keeps the feed's articles, off the main actor.
//   public actor FeedStore {
//     private var articles: [Int: Article] = [:]
//
//     /// An empty store.
//     public init() {}
//
//     /// Keeps `incoming`, each replacing any article with its id.
//     public func add(_ incoming: [Article]) {
//       for article in incoming {
//         articles[article.id] = article
//       }
//     }
//
//     /// Marks the article `id` read.
//     public func markRead(_ id: Int) {
//       articles[id]?.isRead = true
//     }
//
//     /// The first page: at most `feedPageSize` articles, unread first.
//     public func page() -> [Article] {
//       Array(sortedForDisplay(Array(articles.values)).prefix(feedPageSize))
//     }
//   }
//
// FeedScreen.swift, whole:
//
//   /// The feed on screen: a line per article of the first page.
//   @MainActor public final class FeedScreen {
//     /// The lines shown, a dot before each unread title.
//     public private(set) var lines: [String] = []
//     private let store: FeedStore
//
//     /// A screen over `store`.
//     public init(store: FeedStore) {
//       self.store = store
//     }
//
//     /// Hands `incoming` to the store, and shows the first page.
//     public func show(_ incoming: [Article]) async {
//       await store.add(incoming)
//       await refresh()
//     }
//
//     /// Opens the article `id`: the store marks it read, and the page is shown again.
//     public func open(_ id: Int) async {
//       await store.markRead(id)
//       await refresh()
//     }
//
//     /// The settings screen's page size, which the store reads.
//     public func setPageSize(_ size: Int) {
//       feedPageSize = size
//     }
//
//     private func refresh() async {
//       let page = await store.page()
//       lines = page.map { ($0.isRead ? "" : "• ") + $0.title + ($0.place == nil ? "" : " (placed)") }
//     }
//   }

import VendorSDK

/// An article of the feed.
public final class Article {
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

/// How many articles a page of the feed shows.
public var feedPageSize = 20

/// `articles`, unread first, then by id.
public func sortedForDisplay(_ articles: [Article]) -> [Article] {
  articles.sorted { ($0.isRead ? 1 : 0, $0.id) < ($1.isRead ? 1 : 0, $1.id) }
}
