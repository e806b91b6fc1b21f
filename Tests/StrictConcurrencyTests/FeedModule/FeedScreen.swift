// Exercise 8.7's module, the screen: written for Swift 6, and not yours to change.
// The check builds it with your `Ex8_7_FeedModels.swift`, as one module, in the Swift 6 mode.

/// The feed on screen: a line per article of the first page.
@MainActor public final class FeedScreen {
  /// The lines shown, a dot before each unread title.
  public private(set) var lines: [String] = []
  private let store: FeedStore

  /// A screen over `store`.
  public init(store: FeedStore) {
    self.store = store
  }

  /// Hands `incoming` to the store, and shows the first page.
  public func show(_ incoming: [Article]) async {
    await store.add(incoming)
    await refresh()
  }

  /// Opens the article `id`: the store marks it read, and the page is shown again.
  public func open(_ id: Int) async {
    await store.markRead(id)
    await refresh()
  }

  /// The settings screen's page size, which the store reads.
  public func setPageSize(_ size: Int) {
    feedPageSize = size
  }

  private func refresh() async {
    let page = await store.page()
    lines = page.map { ($0.isRead ? "" : "• ") + $0.title + ($0.place == nil ? "" : " (placed)") }
  }
}
