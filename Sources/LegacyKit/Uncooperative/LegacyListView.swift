import Dispatch

/// A list view from a chat SDK, as its vendor shipped it before Swift concurrency.
///
/// When messages arrive, the list tells its data source, and then, in the same call, before it
/// returns, reads the number of rows and each row's title, and draws them. A data source that changes
/// its data later (in a `Task`, or on the next turn of the main queue) is read before the change: the
/// list draws the rows it had, and draws again only when the next messages arrive. That is how
/// `UITableView`-style SDKs behave: a change and its reads are one step, not two.
///
/// Threading, as documented: **calls its data source on the main thread only**, and must itself be
/// used on the main thread. Nothing in its declarations says so (it predates Swift concurrency), so
/// the compiler cannot check either side of that promise.
///
/// Test hooks: ``receive(_:)`` plays the server; ``drawnTitles`` is what the list drew, read from the
/// data source; ``receiveOffMainThread(_:)`` plays a misbehaving release of the SDK that calls its data
/// source from a background thread.
public final class LegacyListView: @unchecked Sendable {
  // @unchecked: the list is used by one thread at a time, as documented, the main thread; the one
  // exception, `receiveOffMainThread(_:)`, lends it to a background thread while its caller waits.

  /// Hears new messages and answers the list's reads; weak, as UIKit-era views hold their data sources.
  public weak var dataSource: (any LegacyListDataSource)?
  /// The titles the list drew the last time it read its data source, top to bottom (a test hook).
  public private(set) var drawnTitles: [String] = []
  /// How many times the list has read its data source.
  public private(set) var reloads = 0

  /// An empty list, with no data source yet.
  public init() {}

  /// The server sent `items`: the data source hears them, then, in the same call, the list reads its
  /// rows and draws them.
  public func receive(_ items: [LegacyListItem]) {
    dataSource?.listView(self, didReceive: items)
    reloadData()
  }

  /// Reads the number of rows and each row's title from the data source, and draws them.
  public func reloadData() {
    reloads += 1
    guard let dataSource else {
      drawnTitles = []
      return
    }
    let rows = dataSource.numberOfRows(in: self)
    drawnTitles = (0..<max(rows, 0)).map { dataSource.listView(self, titleForRow: $0) }
  }

  /// A misbehaving release of the SDK (a test hook): ``receive(_:)``, run on a background thread while
  /// the caller waits for it. Against its documentation, the data source is called off the main thread.
  public func receiveOffMainThread(_ items: [LegacyListItem]) {
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      self.receive(items)
      done.signal()
    }
    done.wait()
  }
}
