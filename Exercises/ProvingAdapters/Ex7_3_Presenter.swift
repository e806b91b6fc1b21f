// Exercise 7.3 · A presenter tested with a stub repository
//
// Write the tests that prove `ArticleListPresenter` at its boundary.
// The subject, whole, as your tests see it (its body lives with the course's machinery, beside the
// broken versions the check swaps in; you never need to open it):
//
//   @MainActor public final class ArticleListPresenter: ArticleListPresenterProtocol {
//     public weak var view: (any ArticleListViewProtocol)?   // weak: the screen owns its presenter
//     public private(set) var articles: [Article]            // after the last successful load [clears-on-error]
//     public private(set) var loading: Task<Void, Never>?    // the load started last
//     public init(repository: any ArticleRepository, view: (any ArticleListViewProtocol)? = nil)
//     public func onViewDidLoad()     // load the articles, from a cache if the repository has one
//     public func onPullToRefresh()   // load the newest articles, bypassing any cache [refresh-dropped]
//   }
//   It loads on the main actor.
//   A load that succeeds sets `articles` and then asks the view to reload. [shared-singleton] [no-reload]
//   [reload-before-set] [reloads-twice]
//   A load that fails calls the view's `handleApiError(error:)` and keeps the articles already shown.
//   [error-swallowed] [other-error] [clears-on-error]
//
// Give it a `StubArticleRepository` (from ProvingKit) and a spy view of
// your own that conforms to `ArticleListViewProtocol`, on the main actor. [shared-singleton] [no-reload]
// Your tests never touch the legacy singleton or the promise library.
// Prove that:
// - a load sets the repository's articles and then reloads the view, once; [shared-singleton] [no-reload]
//   [reload-before-set] [reloads-twice]
// - pulling to refresh asks the repository with `refresh: true`; [refresh-dropped]
// - a failed load calls `handleApiError(error:)` with the repository's error, and keeps the
//   articles already shown. [error-swallowed] [other-error] [clears-on-error]
// `presenter.loading` is the load started last: await its `value` (under `withDeadline`), and
// every load ends. [load-never-finishes] [hangs-after-reload]
//
// `swift run course check 7.3` runs your tests against the correct presenter, then against broken
// ones, and names each broken one that your tests let through. Replace the test below with yours.
//
// Lesson: Docs/07-proving-adapters.md#a-presenter-at-its-boundary

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  @Test("Not started yet: replace this test with your tests")
  func notStartedYet() throws {
    throw NotStarted("7.3")
  }
}
