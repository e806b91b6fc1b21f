import LegacyKit

/// A view that records what its presenter asked of it, and whether it was asked on the main queue.
@MainActor
final class SpyArticleListView: ArticleListViewProtocol {
  private(set) var calls: [String] = []
  private(set) var errors: [any Error] = []
  /// What the screen shows, read when it reloads: a real table view asks its presenter for the articles then.
  var shown: (@MainActor () -> [Article])?
  /// What ``shown`` gave at each reload.
  private(set) var shownAtReload: [[Article]] = []

  func reloadList() {
    if let shown { shownAtReload.append(shown()) }
    record("reloadList")
  }

  func handleApiError(error: any Error) {
    errors.append(error)
    record("handleApiError")
  }

  private func record(_ call: String) {
    calls.append(MainQueue.isCurrent ? call : call + " (off the main queue)")
  }
}
