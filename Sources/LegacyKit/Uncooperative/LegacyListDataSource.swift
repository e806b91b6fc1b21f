/// The data source of a ``LegacyListView``: it hears new messages, and answers the list's reads.
///
/// Declared as an SDK written before Swift concurrency declares it: nothing here says which thread
/// calls it, so every requirement is nonisolated, and the compiler cannot know what the documentation
/// says. The documentation says: **every method is called on the main thread**, and
/// ``listView(_:didReceive:)`` is followed, in the same call stack (the same turn of the main queue),
/// by ``numberOfRows(in:)`` and ``listView(_:titleForRow:)`` for each row. What the data source answers
/// then is what the list draws.
public protocol LegacyListDataSource: AnyObject {
  /// New messages arrived, to be shown after the ones already shown, in this order.
  func listView(_ listView: LegacyListView, didReceive items: [LegacyListItem])
  /// How many rows the list shows now.
  func numberOfRows(in listView: LegacyListView) -> Int
  /// The title of row `row`, counted from 0, for `row < numberOfRows(in:)`.
  func listView(_ listView: LegacyListView, titleForRow row: Int) -> String
}
