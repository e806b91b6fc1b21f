// Exercise 3.6 · The presenter on the main actor
// Grade 3 (challenge) · Lesson: Docs/03-continuation-adapters.md#the-presenter
// Check it: swift run course check 3.6   (or: swift test --filter ContinuationAdaptersTests.Ex3_6_PresenterTests)
//
// The article list's presenter: `@MainActor`, given an `ArticleRepository` (never
// the promise library), and a weak view. [other-articles] [strong-view]
// When the view loads, it loads the newest articles (`refresh: false`), keeps them in `articles`,
// and calls `reloadList()`; on failure it calls `handleApiError(error:)`. [refresh-true]
// [other-articles] [reload-not-once] [wrapped-error]
//   - Set `articles`, then call `reloadList()` once, on the main actor. [reload-before-set]
//     [reload-not-once]
//   - A failed load passes the repository's error on unchanged, keeps the articles it had, and does
//     not reload. [wrapped-error] [reload-not-once]
// Keep the task it starts in `loading`, so that whoever started it can wait for it. [task-not-stored]
// That task ends when the load ends. [load-never-finishes]

import CourseCatalog
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
    _ = NotStarted("3.6")  // Replace this line with your loading code.
  }
}
