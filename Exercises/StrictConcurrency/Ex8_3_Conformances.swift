// Exercise 8.3 · A conformance that crosses into the main actor
// Grade 2 (practice) · Lesson: Docs/08-the-swift-6-language-mode.md#a-conformance-that-crosses
// Check it: swift run course check 8.3   (or: swift test --filter StrictConcurrencyTests.Ex8_3_ConformancesTests)
//
// `InboxScreen` lives on the main actor and conforms to three protocols written before Swift 6. This
// file builds in the Swift 5 mode; make it build in the Swift 6 language mode with no warning, by
// saying what is true of each conformance: [conformance-crosses-isolation]
//   - `Badged` is used only by main-actor code (`totalBadge`), and `badge` reads the screen's state;
//     [conformance-crosses-isolation] [wrong-answers]
//   - `Titled` is used by the search index off the main actor (`searchIndex`), and a title never
//     changes once the screen is made; [conformance-crosses-isolation] [index-on-main-actor]
//     [wrong-answers]
//   - `Refreshing` is called from anywhere, and a refresh changes the screen's state on the main
//     actor: callers may wait for it. [conformance-crosses-isolation] [screen-off-main-actor]
//     [wrong-answers]
// `InboxScreen` stays on the main actor, and `onChange` hears every change there. [screen-off-main-actor]
// No escape hatch (`@preconcurrency`, `nonisolated(unsafe)`, `MainActor.assumeIsolated`).
// [preconcurrency] [nonisolated-unsafe] [assume-isolated]
// You may change the protocols' requirements (isolate one, or make it `async`), not their names or
// the members' names.

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

/// Something that can fetch what is new.
public protocol Refreshing {
  /// Fetches what is new, and returns how many items are unread now.
  func refresh() -> Int
}

/// The inbox: a title, and a count of unread messages that a refresh raises.
@MainActor public final class InboxScreen: Badged, Titled, Refreshing {
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

  /// The screen's title: its name.
  public var title: String { name }

  /// How many messages are unread.
  public var badge: Int { unread }

  /// One new message arrives.
  public func refresh() -> Int {
    unread += 1
    onChange(unread)
    return unread
  }
}

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
public func refreshAll(_ screens: [any Refreshing]) -> [Int] {
  screens.map { $0.refresh() }
}
