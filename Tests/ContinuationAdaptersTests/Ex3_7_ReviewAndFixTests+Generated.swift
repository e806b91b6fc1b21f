import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_7_ReviewAndFixTests {
  // A slice past the end of a short feed traps, so the feeds run in a child process: a trap fails this
  // test, in the runtime's words.
  @Test(
    "WidgetProvider: on feeds of every length (none, fewer than three, many, repeats and drafts), it shows the headlines the reference shows, proved in a child process"
  )
  func generatedWidgetFeeds() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          let failure = await Generated.check(
            Gen<Article>.feed, describe: { "a repository answering the feed \(Said.feed($0))" }
          ) { feed in
            await Ex3_7_ReviewAndFixTests.widgetDifference(feed)
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "WidgetProvider.headlines() on generated feeds",
      trapWords: ["Fatal error", "out of range", "out of bounds"],
      ifTrappedInCall:
        "WidgetProvider.headlines() crashed on one of the feeds drawn (none to seven articles), where the widget shows the first three headlines, in order, or every one of a shorter feed, none of an empty one, as it did before the fix, which \"WidgetProvider: reads through the repository it was given\" explains. [widget-headlines]"
    )
  }

  @Test(
    "FeedPresenter: over drawn refreshes one after another (feeds of every kind, empty ones too, errors of every kind, each kind of cancellation), it shows what the reference's shows"
  )
  func generatedPresenterRefreshes() async {
    // A refresh that never ends is the targeted tests' finding (a bridge that never resumes on a
    // rejection), said there in a second, not once per scenario the shrinker tries.
    let control: [Swift.Result<[Article], any Error>] = [.success(Article.samples), .failure(LegacyError.offline)]
    let controlEnded = try? await withDeadline("two refreshes, the second failing") {
      await Self.shownAfterEach(control, reference: false)
    }
    guard controlEnded != nil else { return }
    await Generated.expect(
      "FeedPresenter.refresh()", Gen.articleLoads, describe: { "\(Said.loads($0)), one refresh after another" }
    ) { loads in
      let mine = await Self.shownAfterEach(loads, reference: false)
      let reference = await Self.shownAfterEach(loads, reference: true)
      return await Self.presenterDifference(loads, mine: mine, reference: reference)
    }
  }

  /// What `articles` held after each of `loads`, one refresh after another, on a fresh presenter: the
  /// exercise's, or the reference's.
  @MainActor
  static func shownAfterEach(_ loads: [Swift.Result<[Article], any Error>], reference: Bool) async -> [[Article]] {
    let cloud = ArticleCloud()
    cloud.articles.replace(
      loads.map { load -> Script<[Article]> in
        switch load {
        case .success(let feed): .succeed(feed)
        case .failure(let error): .fail(error)
        }
      })
    var shown: [[Article]] = []
    if reference {
      let presenter = ContinuationAdaptersReference.FeedPresenter(cloud: cloud, activity: ActivityIndicator())
      for _ in loads {
        await presenter.refresh()
        shown.append(presenter.articles)
      }
    } else {
      let presenter = ContinuationAdapters.FeedPresenter(cloud: cloud, activity: ActivityIndicator())
      for _ in loads {
        await presenter.refresh()
        shown.append(presenter.articles)
      }
    }
    return shown
  }

  /// How the first refresh after which the presenter showed other articles than the reference's differs,
  /// in the lesson's words; `nil` when none does.
  static func presenterDifference(
    _ loads: [Swift.Result<[Article], any Error>], mine: [[Article]], reference: [[Article]]
  ) async -> String? {
    for (index, load) in loads.enumerated() where mine[index] != reference[index] {
      let which = loads.count == 1 ? "The refresh" : "Refresh \(index + 1) of \(loads.count)"
      switch load {
      case .success(let feed):
        return
          "\(which) found the feed \(Said.feed(feed)), and the presenter then showed \(Said.feed(mine[index])): a refresh shows the articles the cloud sent, as they came, an empty feed too (\(Said.feed(reference[index]))), which \"FeedPresenter: the spinner is stopped\" explains. [other-articles]"
      case .failure(let error):
        // A repository that returned for this failure handed the presenter an answer: the cause is there.
        let cloud = ArticleCloud()
        cloud.articles.script(.fail(error))
        let returned = try? await withDeadline("FeedRepository.latest(refresh:) on a failed request") {
          try await ContinuationAdapters.FeedRepository(cloud: cloud).latest(refresh: true)
        }
        if let returned {
          return
            "\(which) failed with \(Said.error(error)), and FeedRepository.latest(refresh:) returned \(Said.feed(returned)) for it instead of throwing, so the presenter showed that: a request that fails or is cancelled throws, whatever its error, which \"FeedRepository: a failed or cancelled request throws\" explains. [swallow-error]"
        }
        return
          "\(which) failed with \(Said.error(error)), and the presenter then showed \(Said.feed(mine[index])): a failed refresh keeps the articles it had (\(Said.feed(reference[index]))), which \"FeedPresenter: a failed refresh stops the spinner\" explains. [clears-articles]"
      }
    }
    return nil
  }

  /// How the widget's headlines over a repository answering `feed` differ from the reference's, in a
  /// sentence; `nil` when they do not.
  static func widgetDifference(_ feed: [Article]) async -> String? {
    let stub = StubArticleRepository(.success(feed))
    let mine = try? await withDeadline("WidgetProvider.headlines()") {
      try await ContinuationAdapters.WidgetProvider(repository: stub).headlines()
    }
    // A widget that bridged the cloud again never asked its repository: "reads through the repository" names that.
    guard !stub.calls.isEmpty else { return nil }
    let reference = try? await withDeadline("the reference's WidgetProvider.headlines()") {
      try await ContinuationAdaptersReference.WidgetProvider(repository: StubArticleRepository(.success(feed)))
        .headlines()
    }
    guard mine != reference else { return nil }
    let said = mine.map { "\($0)" } ?? "nothing: it threw or never returned"
    return
      "Given the feed \(Said.feed(feed)), the widget showed \(said), where it shows the first three headlines, in order, or every one of a shorter feed, none of an empty one (\(reference.map { "\($0)" } ?? "nothing")), which \"WidgetProvider: reads through the repository it was given\" explains. [widget-headlines]"
  }
}
