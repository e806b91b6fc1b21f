import ContinuationAdapters
import CourseKit
import LegacyKit
import Testing

// This suite does not import PromiseKitLite: the presenter depends on `ArticleRepository` alone.

@Suite("3.6 The presenter on the main actor", .exercise("3.6"))
@MainActor
struct Ex3_6_PresenterTests {
  let articles = [Article(id: 10, title: "Stubbed")]

  func loaded(_ result: Swift.Result<[Article], any Error>) async -> (
    ArticleListPresenter, SpyArticleListView, StubArticleRepository
  ) {
    let repository = StubArticleRepository(result)
    let view = SpyArticleListView()
    let presenter = ArticleListPresenter(repository: repository, view: view)
    presenter.onViewDidLoad()
    await presenter.loading?.value
    return (presenter, view, repository)
  }

  @Test("Loading shows the repository's articles: the list is reloaded once, on the main actor")
  func successReloads() async {
    let (presenter, view, repository) = await loaded(.success(articles))
    #expect(presenter.articles == articles)
    #expect(view.calls == ["reloadList"], "Expected one reloadList(), on the main queue; got \(view.calls).")
    #expect(repository.calls == [false], "Load once, with refresh: false.")
  }

  @Test("A failed load goes to handleApiError, keeps the articles, and does not reload")
  func failureReportsTheError() async {
    let (presenter, view, _) = await loaded(.failure(LegacyError.offline))
    #expect(
      view.calls == ["handleApiError"], "Expected one handleApiError(error:), on the main queue; got \(view.calls).")
    #expect(view.errors.first as? LegacyError == .offline, "Pass the repository's error on, unchanged.")
    #expect(presenter.articles.isEmpty)
  }

  @Test("onViewDidLoad keeps its task in loading, so the caller can wait for it")
  func keepsTheTask() {
    let presenter = ArticleListPresenter(repository: StubArticleRepository(.success([])), view: nil)
    presenter.onViewDidLoad()
    #expect(presenter.loading != nil, "Store the Task that onViewDidLoad() starts in `loading`.")
  }

  @Test("The presenter holds its view weakly: the screen owns the presenter, not the other way round")
  func viewIsWeak() async {
    let probe = LeakProbe()
    let presenter: ArticleListPresenter
    do {
      let view = SpyArticleListView()
      probe.track(view, "the view")
      presenter = ArticleListPresenter(repository: StubArticleRepository(.success(articles)), view: view)
      presenter.onViewDidLoad()
    }
    await presenter.loading?.value
    await probe.expectAllReleased(
      within: 0.5, "A strong reference to the view makes a cycle with the screen that owns the presenter.")
  }
}
