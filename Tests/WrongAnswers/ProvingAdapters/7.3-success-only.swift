// Wrong answer to exercise 7.3 · success-only
// Mistake: "The stub never fails unless I tell it to, and the repository is tested on its own: the presenter's
//   part is to show what it gets, on load and on pull to refresh."
// Anti-pattern: success-only
// Failure says: Your tests pass a presenter that never tells the view that loading failed

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  /// Articles that neither the legacy singleton nor any default holds.
  let scripted = [Article(id: 73, title: "From the stub"), Article(id: 74, title: "And this one")]
  let newer = [Article(id: 75, title: "Pulled in fresh")]

  @Test("A load shows the repository's articles, then reloads the view")
  func load() async throws {
    let repository = StubArticleRepository(.success(scripted))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    #expect(presenter.articles == scripted)
    #expect(view.calls == ["reloadList"])
    #expect(view.shownAtReload == [scripted])
    #expect(repository.calls == [false])
  }

  @Test("A pull to refresh asks for fresh articles and shows them")
  func pullToRefresh() async throws {
    let repository = StubArticleRepository(.success(scripted), .success(newer))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    presenter.onPullToRefresh()
    try await Self.finish(presenter)
    #expect(presenter.articles == newer)
    #expect(view.calls == ["reloadList", "reloadList"])
    #expect(view.shownAtReload == [scripted, newer])
    #expect(repository.calls == [false, true])
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
