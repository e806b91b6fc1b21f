import Locking

/// A stand-in for a view controller that shows a feed: it records what it was asked to show.
///
/// UIKit does not exist on Linux; this plain type has the same duties (a spinner,
/// a list, an error alert) and remembers every call, and whether it came on the
/// main queue, so tests can check what a learner's chain did to the screen.
public final class FeedScreen: Sendable {
  private let log = Locked<[String]>([])
  private let offMain = Locked<[String]>([])

  /// A screen with nothing shown yet.
  public init() {}

  /// Shows the loading spinner.
  public func showSpinner() { record("spinner on") }
  /// Hides the loading spinner.
  public func hideSpinner() { record("spinner off") }
  /// Shows these articles.
  public func show(articles: [Article]) { record("articles \(articles.map(\.id))") }
  /// Shows these headlines.
  public func show(headlines: [String]) { record("headlines \(headlines)") }
  /// Shows an error alert.
  public func showError(_ error: any Error) { record("error \(error)") }

  /// Every call so far, in order, as short sentences ("spinner on", "articles [1, 2]").
  public var events: [String] {
    log.withLock { $0 }
  }

  /// The calls that did not come on the main queue.
  public var callsOffMainQueue: [String] {
    offMain.withLock { $0 }
  }

  /// Whether the spinner is showing now.
  public var isSpinnerShowing: Bool {
    events.last { $0.hasPrefix("spinner") } == "spinner on"
  }

  private func record(_ event: String) {
    log.withLock { $0.append(event) }
    if !MainQueue.isCurrent { offMain.withLock { $0.append(event) } }
  }
}
