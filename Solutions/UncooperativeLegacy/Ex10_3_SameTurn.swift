// Exercise 10.3 · The same turn of the main queue · solution

import LegacyKit

/// An inbox screen's model: the messages the list shows, kept on the main actor.
@MainActor
public final class InboxModel {
  /// Every message received, oldest first.
  public private(set) var messages: [LegacyListItem] = []

  /// An empty inbox.
  public init() {}
}

// The protocol says nothing about threads; the SDK's documentation says the main thread, and the list
// reads its rows in the same call that tells us of the change. So each method changes or reads the
// state at once, synchronously, and `MainActor.assumeIsolated` checks the documentation's promise
// where it is relied on: a release of the SDK that calls from another thread stops the process there,
// instead of reading and writing `messages` off the main actor.
extension InboxModel: LegacyListDataSource {
  public nonisolated func listView(_ listView: LegacyListView, didReceive items: [LegacyListItem]) {
    MainActor.assumeIsolated { messages.append(contentsOf: items) }
  }

  public nonisolated func numberOfRows(in listView: LegacyListView) -> Int {
    MainActor.assumeIsolated { messages.count }
  }

  public nonisolated func listView(_ listView: LegacyListView, titleForRow row: Int) -> String {
    MainActor.assumeIsolated { messages[row].title }
  }
}
