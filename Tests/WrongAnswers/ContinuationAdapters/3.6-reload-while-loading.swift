// Wrong answer to exercise 3.6 · reload-while-loading
// Mistake: The list should clear at once while the articles load, so the presenter reloads it before the
//   load too.
// Anti-pattern: refresh-true
// Failure says: Call `reloadList()` once, on the main actor

import LegacyKit

/// Loads the article list for its view, on the main actor.
@MainActor
public final class ArticleListPresenter: ArticleListPresenterProtocol {
  /// The screen; weak, because the screen owns its presenter.
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
    // The task inherits the main actor: every line after `await` is back on it, so the
    // view is only ever touched here, never from the repository's thread.
    loading = Task {
      view?.reloadList()  // show the empty list while the articles load
      do {
        articles = try await repository.latest(refresh: false)
        view?.reloadList()
      } catch {
        view?.handleApiError(error: error)
      }
    }
  }
}
