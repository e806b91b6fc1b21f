// Wrong answer to exercise 7.3 · samples-stub
// Mistake: "`Article.samples` is the app's own test data: a stub that answers with it shows the presenter puts
//   the repository's articles on screen."
// Anti-pattern: samples-stub
// Failure says: Your tests pass a presenter that loads from the legacy singleton `ArticleCloud.shared` instead of
//   its repository

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  @Test("A load shows the repository's articles, then reloads the view")
  func load() async throws {
    let repository = StubArticleRepository(.success(Article.samples))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    #expect(presenter.articles == Article.samples)
    #expect(view.calls == ["reloadList"])
    #expect(view.shownAtReload == [Article.samples])
  }

  @Test("A pull to refresh shows the repository's articles again")
  func pullToRefresh() async throws {
    let repository = StubArticleRepository(.success(Article.samples))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    presenter.onPullToRefresh()
    try await Self.finish(presenter)
    #expect(presenter.articles == Article.samples)
    #expect(view.calls == ["reloadList", "reloadList"])
  }

  /// A presenter over `repository`, with a spy for its view.
  private static func screen(over repository: StubArticleRepository) -> (ArticleListPresenter, SpyListView) {
    let view = SpyListView()
    let presenter = ArticleListPresenter(repository: repository, view: view)
    view.presenter = presenter
    return (presenter, view)
  }

  /// Waits for the presenter's last load, under a deadline.
  private static func finish(_ presenter: ArticleListPresenter) async throws {
    let loading = presenter.loading
    try await withDeadline("the presenter's load") { await loading?.value }
  }
}

/// The screen, as a test sees it: every call, and what the presenter held when it was told to reload.
@MainActor
private final class SpyListView: ArticleListViewProtocol {
  weak var presenter: ArticleListPresenter?
  private(set) var calls: [String] = []
  private(set) var shownAtReload: [[Article]] = []

  func reloadList() {
    calls.append("reloadList")
    shownAtReload.append(presenter?.articles ?? [])
  }

  func handleApiError(error: any Error) {
    calls.append("handleApiError")
  }
}
