// Wrong answer to exercise 3.6 · reload-before-set
// Mistake: "The view reloads, and the articles arrive with it: the order of two lines on the main actor makes no
//   difference, since nothing can run in between."
// Anti-pattern: reload-before-set
// Failure says: Set `articles` before you call `reloadList()`: the view reloads to show them

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
      do {
        let loaded = try await repository.latest(refresh: false)
        view?.reloadList()  // tell the view first, then give it the articles
        articles = loaded
      } catch {
        view?.handleApiError(error: error)
      }
    }
  }
}
