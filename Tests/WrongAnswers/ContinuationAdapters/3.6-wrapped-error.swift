// Wrong answer to exercise 3.6 · wrapped-error
// Mistake: The view shows a friendly message, so the presenter hands it a presenter-level error instead
//   of the raw one.
// Anti-pattern: wrapped-error
// Failure says: with the repository's error unchanged

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
        view?.handleApiError(error: ArticleListError.loadFailed)
      }
    }
  }
}

/// What went wrong, in the screen's terms.
public enum ArticleListError: Error {
  /// The articles could not be loaded.
  case loadFailed
}
