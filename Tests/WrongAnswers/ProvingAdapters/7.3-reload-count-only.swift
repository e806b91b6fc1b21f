// Wrong answer to exercise 7.3 · reload-count-only
// Mistake: "The spy counts the calls: one `reloadList()` after a load, and `articles` right afterwards, prove
//   the screen shows the new list."
// Anti-pattern: reload-count-only
// Failure says: Your tests pass a presenter that asks the view to reload before it has set the new articles

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  /// Articles that neither the legacy singleton nor any default holds.
  let scripted = [Article(id: 73, title: "From the stub"), Article(id: 74, title: "And this one")]

  @Test("A load shows the repository's articles, then reloads the view")
  func load() async throws {
    let repository = StubArticleRepository(.success(scripted))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    #expect(presenter.articles == scripted)
    #expect(view.calls == ["reloadList"])
    #expect(repository.calls == [false])
  }

  @Test("A failed refresh reports the error and keeps what was shown")
  func failedRefresh() async throws {
    let repository = StubArticleRepository(.success(scripted), .failure(LegacyError.offline))
    let (presenter, view) = Self.screen(over: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    presenter.onPullToRefresh()
    try await Self.finish(presenter)
    #expect(presenter.articles == scripted)
    #expect(view.calls == ["reloadList", "handleApiError"])
    #expect(view.errors.map { $0 as? LegacyError } == [.offline])
    #expect(repository.calls == [false, true])
  }

  /// A presenter over `repository`, with a spy for its view.
  private static func screen(over repository: StubArticleRepository) -> (ArticleListPresenter, SpyListView) {
    let view = SpyListView()
    return (ArticleListPresenter(repository: repository, view: view), view)
  }

  /// Waits for the presenter's last load, under a deadline.
  private static func finish(_ presenter: ArticleListPresenter) async throws {
    let loading = presenter.loading
    try await withDeadline("the presenter's load") { await loading?.value }
  }
}

/// The screen, as a test sees it: every call it gets, in order.
@MainActor
private final class SpyListView: ArticleListViewProtocol {
  private(set) var calls: [String] = []
  private(set) var errors: [any Error] = []

  func reloadList() {
    calls.append("reloadList")
  }

  func handleApiError(error: any Error) {
    calls.append("handleApiError")
    errors.append(error)
  }
}
