// Wrong answer to exercise 3.6 · cloud-promise
// Mistake: The cloud already hands back a promise, so the presenter can bridge it itself, with a
//   continuation, and skip the repository.
// Anti-pattern: other-articles
// Failure says: The presenter never asked the repository it was given

import LegacyKit
import PromiseKitLite

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
    loading = Task {
      do {
        articles = try await withCheckedThrowingContinuation { continuation in
          ArticleCloud.shared.getArticles(forceRefresh: false)
            .done(on: nil) { continuation.resume(returning: $0) }
            .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
        }
        view?.reloadList()
      } catch {
        view?.handleApiError(error: error)
      }
    }
  }
}
