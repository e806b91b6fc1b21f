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
    view.shown = { [weak presenter] in presenter?.articles ?? [] }
    await load(presenter, view)
    return (presenter, view, repository)
  }

  /// Starts a load and waits for it: through `loading`, or, when the task was not kept, until the view hears something.
  func load(_ presenter: ArticleListPresenter, _ view: SpyArticleListView) async {
    let heard = view.calls.count
    presenter.onViewDidLoad()
    if let loading = presenter.loading {
      _ = try? await withDeadline(
        "the presenter's loading task",
        ifHung:
          "The task onViewDidLoad() started never finished, though the repository answered at once: something in it never resumed or returned. [load-never-finishes]"
      ) { await loading.value }
    } else {
      _ = await eventually { await MainActor.run { view.calls.count > heard } }
    }
  }

  @Test("Loading shows the repository's articles: the list is reloaded once, on the main actor")
  func successReloads() async {
    let (presenter, view, repository) = await loaded(.success(articles))
    // Loading from anything else (the cloud's promises, a repository of its own) leaves the given one unasked.
    guard !repository.calls.isEmpty else {
      Issue.record(
        "The presenter never asked the repository it was given: load through `repository.latest(refresh: false)`, never the promise library or the cloud behind it. It showed \(presenter.articles). [other-articles]"
      )
      return
    }
    #expect(
      presenter.articles == articles,
      "A successful load shows the repository's articles: got \(presenter.articles). [other-articles]")
    #expect(
      view.calls == ["reloadList"],
      "Call `reloadList()` once, on the main actor, by the time the load's task ends: the view heard \(view.calls). [reload-not-once]"
    )
    #expect(
      repository.calls == [false],
      "Load once, with `refresh: false`: the repository was asked \(repository.calls). [refresh-true]")
    #expect(
      view.shownAtReload.allSatisfy { $0 == articles },
      "Set `articles` before you call `reloadList()`: the view reloads to show them, and when it reloaded, the presenter held \(view.shownAtReload.first ?? []). [reload-before-set]"
    )
  }

  @Test("A failed load goes to handleApiError, keeps the articles it had, and does not reload")
  func failureReportsTheError() async {
    let view = SpyArticleListView()
    let repository = SequenceArticleRepository([.success(articles), .failure(LegacyError.offline)])
    let presenter = ArticleListPresenter(repository: repository, view: view)
    await load(presenter, view)
    await load(presenter, view)
    guard repository.calls > 0 else {
      Issue.record(
        "The presenter never asked the repository it was given, so its failure never reached the view: load through `repository.latest(refresh: false)`, never the promise library or the cloud behind it. [other-articles]"
      )
      return
    }
    #expect(
      view.calls == ["reloadList", "handleApiError"],
      "A failed load calls `handleApiError(error:)` and does not reload: after a success and a failure, the view heard \(view.calls). Reload once for each load that succeeds, after it: not in the `catch`, nor before the load. [wrapped-error] [reload-not-once]"
    )
    #expect(
      view.errors.last as? LegacyError == .offline,
      "A failed load calls `handleApiError(error:)` with the repository's error unchanged: it got \(view.errors). [wrapped-error]"
    )
    #expect(
      presenter.articles == articles,
      "A failed load keeps the articles it had: after a success and a failure they are \(presenter.articles). [wrapped-error]"
    )
  }

  @Test("onViewDidLoad keeps its task in loading, so the caller can wait for it")
  func keepsTheTask() {
    let presenter = ArticleListPresenter(repository: StubArticleRepository(.success([])), view: nil)
    presenter.onViewDidLoad()
    #expect(presenter.loading != nil, "Store the Task that onViewDidLoad() starts in `loading`. [task-not-stored]")
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
    if let loading = presenter.loading {
      _ = try? await withDeadline(
        "the presenter's loading task",
        ifHung:
          "The task onViewDidLoad() started never finished, though the repository answered at once: something in it never resumed or returned. [load-never-finishes]"
      ) { await loading.value }
    }
    await probe.expectAllReleased(
      within: 0.5,
      "A strong reference to the view makes a cycle with the screen that owns the presenter. [strong-view]")
  }

  @Test("A screen closed while its articles load goes at once: the load does not keep the view across its await")
  func viewGoesWhileLoading() async {
    let latest = HeldCalls<Bool, [Article]>()
    let probe = LeakProbe()
    let presenter: ArticleListPresenter
    do {
      let view = SpyArticleListView()
      probe.track(view, "the view")
      presenter = ArticleListPresenter(repository: HeldArticleRepository(latest: latest), view: view)
      presenter.onViewDidLoad()
      // Not asked at all: the other tests say so.
      guard await eventually({ !latest.waitingForAnswer.isEmpty }) else { return }
    }
    // The load waits for its articles, and the screen is closed.
    let kept = !(await eventually(within: 0.5) { probe.alive.isEmpty })
    for call in latest.waitingForAnswer { latest.answer(call, with: .success(articles)) }
    if let loading = presenter.loading {
      _ = try? await withDeadline("the presenter's loading task") { await loading.value }
    }
    #expect(
      !kept,
      "The screen was closed while its articles loaded, and its view stayed alive until the load answered: the load held the view across its `await`, so a closed screen lives on, and is reloaded. Read the weak `view` only after the `await`, which \"The presenter holds its view weakly\" explains. [strong-view]"
    )
  }
}

/// A repository whose answers wait until the test gives them.
struct HeldArticleRepository: ArticleRepository {
  let latest: HeldCalls<Bool, [Article]>

  func latest(refresh: Bool) async throws -> [Article] { try await latest.function(refresh) }
}
