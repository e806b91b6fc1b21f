// The lesson's example (Docs/03-continuation-adapters.md#the-presenter), compiled so it stays true.

import LegacyKit

/// The home screen's headline widget, as its presenter sees it.
@MainActor
protocol HeadlineView: AnyObject {
  func show(headline: String)
  func showError(_ error: any Error)
}

/// The headline widget's presenter: the newest article's title, loaded each time the widget appears.
@MainActor
final class HeadlinePresenter {
  weak var view: (any HeadlineView)?
  private(set) var headline: String?
  private let repository: any ArticleRepository

  init(repository: any ArticleRepository) {
    self.repository = repository
  }

  func onAppear() {
    Task {
      do {
        let newest = try await repository.latest(refresh: false)
        headline = newest.first?.title
        view?.show(headline: headline ?? "No news yet")
      } catch {
        view?.showError(error)
      }
    }
  }
}
