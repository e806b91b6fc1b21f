// The lesson's example (Docs/03-continuation-adapters.md#the-presenter), compiled so it stays true.

import LegacyKit

@MainActor
final class ArticleListPresenter: ArticleListPresenterProtocol {
  weak var view: (any ArticleListViewProtocol)?
  private(set) var articles: [Article] = []
  private let repository: any ArticleRepository

  init(repository: any ArticleRepository) {
    self.repository = repository
  }

  func onViewDidLoad() {
    Task {
      do {
        articles = try await repository.latest(refresh: false)
        view?.reloadList()
      } catch {
        view?.handleApiError(error: error)
      }
    }
  }
}
