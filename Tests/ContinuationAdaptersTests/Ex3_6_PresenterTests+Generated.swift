import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_6_PresenterTests {
  @Test(
    "On drawn loads one after another (feeds of every kind, empty ones too, errors of every kind, each kind of cancellation), the view hears what the reference tells it"
  )
  nonisolated func generatedLoads() async {
    // A load that never ends is the targeted tests' finding, said there in a second, not once per
    // scenario the shrinker tries.
    let control: [Swift.Result<[Article], any Error>] = [.success([Article(id: 1, title: "Story 1")])]
    let controlEnded = try? await withDeadline("a load of one article") {
      await Self.loadsShown(
        control, make: { ContinuationAdapters.ArticleListPresenter(repository: $0, view: $1) },
        loading: { $0.loading }, articles: { $0.articles }) != nil
    }
    guard controlEnded != nil else { return }
    await Generated.expect(
      "onViewDidLoad()", Gen.articleLoads, describe: { "\(Said.loads($0)), one after another" }
    ) { loads in
      let mine = await Self.loadsShown(
        loads, make: { ContinuationAdapters.ArticleListPresenter(repository: $0, view: $1) },
        loading: { $0.loading }, articles: { $0.articles })
      let reference = await Self.loadsShown(
        loads, make: { ContinuationAdaptersReference.ArticleListPresenter(repository: $0, view: $1) },
        loading: { $0.loading }, articles: { $0.articles })
      // A presenter that keeps no task leaves nothing to wait for: "onViewDidLoad keeps its task" names that.
      guard let mine, let reference else { return nil }
      return Self.difference(loads, mine: mine, reference: reference)
    }
  }

  /// What a presenter made by `make` did on each of `loads`, started one after another by
  /// `onViewDidLoad()` over a repository that answers them in turn; `nil` when it kept no task to wait for.
  @MainActor
  static func loadsShown<Presenter: ArticleListPresenterProtocol>(
    _ loads: [Swift.Result<[Article], any Error>],
    make: @MainActor (any ArticleRepository, SpyArticleListView) -> Presenter,
    loading: @MainActor (Presenter) -> Task<Void, Never>?,
    articles: @escaping @MainActor (Presenter) -> [Article]
  ) async -> [PresenterLoadShown]? {
    let repository = SequenceArticleRepository(loads)
    let view = SpyArticleListView()
    let presenter = make(repository, view)
    view.shown = { [weak presenter] in
      guard let presenter else { return [] }
      return articles(presenter)
    }
    var shown: [PresenterLoadShown] = []
    for _ in loads {
      let (calls, errors, reloads) = (view.calls.count, view.errors.count, view.shownAtReload.count)
      presenter.onViewDidLoad()
      guard let task = loading(presenter) else { return nil }
      await task.value
      shown.append(
        PresenterLoadShown(
          asked: repository.calls, heard: Array(view.calls[calls...]),
          errors: view.errors[errors...].map { "\(String(reflecting: type(of: $0))) \(Said.error($0))" },
          articles: articles(presenter), shownAtReload: Array(view.shownAtReload[reloads...])))
    }
    return shown
  }

  /// How the first load that differs from the reference's differs, in the lesson's words; `nil` when none does.
  nonisolated static func difference(
    _ loads: [Swift.Result<[Article], any Error>], mine: [PresenterLoadShown], reference: [PresenterLoadShown]
  ) -> String? {
    for (index, answer) in loads.enumerated() where mine[index] != reference[index] {
      let (got, expected) = (mine[index], reference[index])
      let which = loads.count == 1 ? "The load" : "Load \(index + 1) of \(loads.count)"
      if got.asked != expected.asked {
        return
          "By the end of load \(index + 1), the presenter had asked the repository it was given \(got.asked) times, where each load asks it once (\(expected.asked)): load through `repository.latest(refresh: false)`, never the promise library or the cloud behind it, which \"Loading shows the repository's articles\" explains. [other-articles]"
      }
      switch answer {
      case .success(let feed):
        if got.heard != expected.heard {
          return
            "\(which) found the feed \(Said.feed(feed)), and the view heard \(got.heard): every load that succeeds, an empty one too, sets `articles` and then calls `reloadList()` once, on the main actor (\(expected.heard)), which \"Loading shows the repository's articles\" explains. [reload-not-once]"
        }
        if got.articles != expected.articles {
          return
            "\(which) found the feed \(Said.feed(feed)), and the presenter then held \(Said.feed(got.articles)) in `articles`: a load that succeeds, an empty one too, shows the repository's articles as they came, which \"Loading shows the repository's articles\" explains. [other-articles]"
        }
        return
          "\(which) found the feed \(Said.feed(feed)), and when the view reloaded, the presenter held \(got.shownAtReload.map(Said.feed)): set `articles` before you call `reloadList()`, which \"Loading shows the repository's articles\" explains. [reload-before-set]"
      case .failure(let error):
        if got.heard != expected.heard {
          let tag = got.heard.contains { $0.hasPrefix("reloadList") } ? "[reload-not-once]" : "[wrapped-error]"
          return
            "\(which) failed with \(Said.error(error)), and the view heard \(got.heard): every failed load, whatever its error's kind, a cancellation too, calls `handleApiError(error:)` once and does not reload (\(expected.heard)), which \"A failed load goes to handleApiError\" explains. \(tag)"
        }
        if got.errors != expected.errors {
          return
            "\(which) failed with \(Said.error(error)), and `handleApiError(error:)` got \(got.errors): it gets the repository's error unchanged, whatever its kind (\(expected.errors)), which \"A failed load goes to handleApiError\" explains. [wrapped-error]"
        }
        return
          "\(which) failed with \(Said.error(error)), and the presenter then held \(Said.feed(got.articles)) in `articles`: a failed load keeps the articles it had (\(Said.feed(expected.articles))), which \"A failed load goes to handleApiError\" explains. [wrapped-error]"
      }
    }
    return nil
  }
}

/// What one load did: what the view heard during it, and what the presenter held after it.
struct PresenterLoadShown: Equatable, Sendable {
  /// How many times the repository had been asked, in all, by the end of the load.
  var asked: Int
  /// The view's calls during the load, "reloadList" or "handleApiError", marked when off the main queue.
  var heard: [String]
  /// The errors `handleApiError(error:)` got during the load, each by its type and its words.
  var errors: [String]
  /// `articles` after the load.
  var articles: [Article]
  /// What the presenter held at each reload during the load.
  var shownAtReload: [[Article]]
}
