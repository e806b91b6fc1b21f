// Wrong answer to exercise 3.6 · clears-articles
// Mistake: When a load fails the list should not show stale articles, so the presenter empties it.
// Anti-pattern: wrapped-error
// Failure says: A failed load keeps the articles it had

import LegacyKit

/// Loads the article list for its view, on the main actor.
@MainActor
public final class ArticleListPresenter: ArticleListPresenterProtocol {
  /// The screen.
  public weak var view: (any ArticleListViewProtocol)?
  /// The articles shown, after the last successful load.
  public private(set) var articles: [Article] = []
  /// The load started by the last `onViewDidLoad()`.
  public private(set) var loading: Task<Void, Never>?
  private let repository: any ArticleRepository

  /// A presenter that loads from `repository` for `view`.
  public init(repository: any ArticleRepository, view: (any ArticleListViewProtocol)?) {
    self.repository = repository
    self.view = view
  }

  public func onViewDidLoad() {
    loading = Task {
      do {
        articles = try await repository.latest(refresh: false)
        view?.reloadList()
      } catch {
        articles = []
        view?.handleApiError(error: error)
      }
    }
  }
}
