// Wrong answer to exercise 7.3 · bare-await
// Mistake: "The stub answers at once, so the presenter's load is over in a moment: awaiting
//   `loading?.value` as it is reads better than a deadline around it."
// Anti-pattern: no-deadline
// Failure says: Your tests hang against a presenter that never finishes a load

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
    #expect(view.shownAtReload == [scripted])
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
  static func screen(over repository: StubArticleRepository) -> (ArticleListPresenter, SpyListView) {
    let view = SpyListView()
    let presenter = ArticleListPresenter(repository: repository, view: view)
    view.presenter = presenter
    return (presenter, view)
  }

  /// Waits for the presenter's last load.
  static func finish(_ presenter: ArticleListPresenter) async throws {
    await presenter.loading?.value
  }
}

/// The screen, as a test sees it: every call, and what the presenter held when it was told to reload.
@MainActor
final class SpyListView: ArticleListViewProtocol {
  weak var presenter: ArticleListPresenter?
  private(set) var calls: [String] = []
  private(set) var shownAtReload: [[Article]] = []
  private(set) var errors: [any Error] = []

  func reloadList() {
    calls.append("reloadList")
    shownAtReload.append(presenter?.articles ?? [])
  }

  func handleApiError(error: any Error) {
    calls.append("handleApiError")
    errors.append(error)
  }
}
