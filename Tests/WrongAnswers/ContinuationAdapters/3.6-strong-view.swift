// Wrong answer to exercise 3.6 · strong-view
// Mistake: The presenter talks to its view all the time, so it keeps a plain reference to it.
// Anti-pattern: strong-view
// Failure says: A strong reference to the view makes a cycle with the screen that owns the presenter

import LegacyKit

/// Loads the article list for its view, on the main actor.
@MainActor
public final class ArticleListPresenter: ArticleListPresenterProtocol {
  /// The screen.
  public var view: (any ArticleListViewProtocol)?
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
        view?.handleApiError(error: error)
      }
    }
  }
}
