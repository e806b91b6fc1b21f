// Wrong answer to exercise 7.3 · no-spy
// Mistake: "The presenter's state is what the screen shows: checking `articles` after each load covers it, and
//   a view is UIKit's business, which a unit test leaves out."
// Anti-pattern: no-spy
// Failure says: Your tests pass a presenter that sets its articles but never asks the view to reload

import LegacyKit
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.3 A presenter tested with a stub repository")
@MainActor
struct Ex7_3_PresenterTests {
  /// Articles that neither the legacy singleton nor any default holds.
  let scripted = [Article(id: 73, title: "From the stub"), Article(id: 74, title: "And this one")]

  @Test("A load sets the repository's articles")
  func load() async throws {
    let repository = StubArticleRepository(.success(scripted))
    let presenter = ArticleListPresenter(repository: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    #expect(presenter.articles == scripted)
    #expect(repository.calls == [false])
  }

  @Test("A failed refresh keeps what was shown")
  func failedRefresh() async throws {
    let repository = StubArticleRepository(.success(scripted), .failure(LegacyError.offline))
    let presenter = ArticleListPresenter(repository: repository)
    presenter.onViewDidLoad()
    try await Self.finish(presenter)
    presenter.onPullToRefresh()
    try await Self.finish(presenter)
    #expect(presenter.articles == scripted)
    #expect(repository.calls == [false, true])
  }

  /// Waits for the presenter's last load, under a deadline.
  private static func finish(_ presenter: ArticleListPresenter) async throws {
    let loading = presenter.loading
    try await withDeadline("the presenter's load") { await loading?.value }
  }
}
