// Exercise 10.3 · The same turn of the main queue
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#the-same-turn-of-the-main-queue
// Check it: swift run course check 10.3   (or: swift test --filter UncooperativeLegacyTests.Ex10_3_SameTurnTests)
//
// `InboxModel` is the data source of the chat SDK's `LegacyListView` (Sources/LegacyKit/Uncooperative/),
// whose documentation says it calls its data source on the main thread only. When messages arrive, the
// list calls `listView(_:didReceive:)`, then, in the same turn of the main queue, before it returns, it
// reads `numberOfRows(in:)` and each row's title, and draws what it read.
// What the list reads then is the new data: every message received so far, the new ones included.
// [deferred-update]
// One row per message, oldest first, each showing its message's `title`; before any message, no rows.
// [wrong-rows]
// `messages` stays main-actor state that the compiler checks: no `nonisolated(unsafe)`, no
// `@unchecked Sendable`. [unchecked-state]
// Called off the main thread (a release of the SDK that breaks its documentation), the model checks the
// promise and stops the process at once, instead of touching `messages` there. [unchecked-hop]

import CourseCatalog
import LegacyKit

/// An inbox screen's model: the messages the list shows, kept on the main actor.
@MainActor
public final class InboxModel {
  /// Every message received, oldest first.
  public private(set) var messages: [LegacyListItem] = []

  /// An empty inbox.
  public init() {}
}

extension InboxModel: LegacyListDataSource {
  public nonisolated func listView(_ listView: LegacyListView, didReceive items: [LegacyListItem]) {
    _ = NotStarted("10.3", "listView(_:didReceive:)")  // Replace this line.
  }

  public nonisolated func numberOfRows(in listView: LegacyListView) -> Int {
    _ = NotStarted("10.3", "numberOfRows(in:)")  // Replace these two lines.
    return 0
  }

  public nonisolated func listView(_ listView: LegacyListView, titleForRow row: Int) -> String {
    _ = NotStarted("10.3", "listView(_:titleForRow:)")  // Replace these two lines.
    return ""
  }
}
