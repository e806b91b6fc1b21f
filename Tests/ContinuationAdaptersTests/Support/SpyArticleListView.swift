import LegacyKit

/// A view that records what its presenter asked of it, and whether it was asked on the main queue.
@MainActor
final class SpyArticleListView: ArticleListViewProtocol {
  private(set) var calls: [String] = []
  private(set) var errors: [any Error] = []

  func reloadList() {
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
