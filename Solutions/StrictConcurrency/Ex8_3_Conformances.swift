// Exercise 8.3 · A conformance that crosses into the main actor · solution

/// Something that shows a count of unread items.
public protocol Badged {
  /// How many items are unread.
  var badge: Int { get }
}

/// Something with a title the search index can read.
public protocol Titled {
  /// The title, fixed when it is made.
  var title: String { get }
}

/// Something that can fetch what is new. Its callers run anywhere and the work may belong to an
/// actor, so the requirement is `async`: a main-actor method meets it, and callers hop to it.
public protocol Refreshing {
  /// Fetches what is new, and returns how many items are unread now.
  func refresh() async -> Int
}

/// The inbox: a title, and a count of unread messages that a refresh raises.
@MainActor public final class InboxScreen: Titled, Refreshing {
  /// The screen's name, fixed when it is made.
  public let name: String
  /// How many messages are unread.
  public private(set) var unread: Int
  private let onChange: @MainActor (Int) -> Void

  /// A screen titled `title` with `unread` messages; `onChange` hears each new count.
  public init(title: String, unread: Int, onChange: @escaping @MainActor (Int) -> Void = { _ in }) {
    self.name = title
    self.unread = unread
    self.onChange = onChange
  }

  /// The screen's title: its name. It reads only a `let` of a `Sendable` type, so any thread may.
  public nonisolated var title: String { name }

  /// How many messages are unread.
  public var badge: Int { unread }

  /// One new message arrives.
  public func refresh() -> Int {
    unread += 1
    onChange(unread)
    return unread
  }
}

/// Only main-actor code counts badges, and `badge` reads main-actor state: the conformance itself
/// belongs to the main actor, and the compiler keeps it from being used anywhere else.
extension InboxScreen: @MainActor Badged {}

/// The badge on the app's icon: every screen's count, added up. Main-actor code.
@MainActor public func totalBadge(_ screens: [any Badged]) -> Int {
  screens.reduce(0) { $0 + $1.badge }
}

/// The search index reads titles off the main actor.
public func searchIndex(_ screens: [InboxScreen]) async -> [String] {
  titles(of: screens)
}

/// The titles of `items`, in order.
public func titles<Item: Titled>(of items: [Item]) -> [String] {
  items.map(\.title)
}

/// Refreshes every screen, in order, and returns their counts. Called from anywhere.
public func refreshAll(_ screens: [any Refreshing]) async -> [Int] {
  var counts: [Int] = []
  for screen in screens {
    counts.append(await screen.refresh())
  }
  return counts
}
