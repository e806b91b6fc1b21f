// Wrong answer to exercise 3.6 · task-not-stored
// Mistake: `onViewDidLoad()` starts the load in a `Task`; nobody needs the task afterwards.
// Anti-pattern: task-not-stored
// Failure says: Store the Task that onViewDidLoad() starts in `loading`

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
