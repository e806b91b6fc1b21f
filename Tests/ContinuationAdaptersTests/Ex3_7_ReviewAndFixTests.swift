import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseKitLite
import Testing

@Suite("3.7 Review and fix an adapter", .exercise("3.7"))
struct Ex3_7_ReviewAndFixTests {
  @Test("FeedRepository: a checked continuation, so a path that never resumes is reported, proved in a child process")
  func checkedContinuation() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(.never)  // the cloud drops its callback without answering
        await ResumeProbe.run(within: 0.5) { _ = try await FeedRepository(cloud: cloud).latest(refresh: false) }
      }
    }
    guard case .leaked = ResumeProbe.verdict(of: child) else {
      Issue.record(
        "When the cloud drops its callback, the runtime said nothing and the task just hung: an unsafe continuation stays silent. Use withCheckedThrowingContinuation, whose \"leaked its continuation\" message points at the bug. [keeps-unsafe]"
      )
      return
    }
  }

  @Test(
    "FeedRepository: a failed or cancelled request throws, instead of hanging", arguments: ["failure", "cancellation"])
  func failureThrows(path: String) async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(path == "failure" ? LegacyError.offline : PMKError.cancelled))
    let result = await withDeadlineResult("FeedRepository.latest(refresh:) on the \(path) path") {
      try await FeedRepository(cloud: cloud).latest(refresh: false)
    }
    if let error = result.failure as? DeadlineExceeded {
      Issue.record(
        "\(error) `.done` without `.catch` never resumes on a rejection: resume from `.catch(policy: .allErrors)` too. [keeps-done-only]"
      )
    } else {
      #expect(result.failure != nil, "A rejected request must throw. [swallow-error]")
    }
  }

  @Test("FeedPresenter: the spinner is stopped on the main actor, after the await")
  @MainActor
  func spinnerOnMainActor() async {
    let cloud = ArticleCloud()
    // A little late, so the callback surely comes on the background thread: a reply that beat the
    // chain's handlers would run them where they were attached, on the main actor, and hide the bug.
    cloud.articles.script(Script.succeed(Article.samples).after(0.02).fromBackground)
    let presenter = FeedPresenter(cloud: cloud, activity: ActivityIndicator())
    _ = await withDeadlineResult("FeedPresenter.refresh()") { await presenter.refresh() }
    #expect(
      presenter.activity.events == ["start", "stop"],
      "The spinner was touched inside the continuation's closure, on the callback's thread (\(presenter.activity.events)): UI belongs after the await, on the main actor. [keeps-spinner-in-closure]"
    )
    #expect(
      presenter.articles == Article.samples,
      "A refresh shows the articles the cloud sent: got \(presenter.articles.map(\.title)). [other-articles]")
  }

  @Test("FeedPresenter: a failed refresh stops the spinner and keeps the articles")
  @MainActor
  func presenterSurvivesFailure() async {
    let cloud = ArticleCloud()
    let shown = [Article(id: 37, title: "Loaded before the failure")]
    cloud.articles.script(.succeed(shown), .fail(LegacyError.offline))  // the first refresh works, the next fails
    let presenter = FeedPresenter(cloud: cloud, activity: ActivityIndicator())
    _ = await withDeadlineResult("FeedPresenter.refresh() on a successful load") { await presenter.refresh() }
    let result = await withDeadlineResult("FeedPresenter.refresh() on a failed load") { await presenter.refresh() }
    if result.failure == nil, presenter.articles != shown {
      Issue.record(
        "A failed refresh must keep the articles already shown: they were \(shown.map(\.title)), and after the failure they are \(presenter.articles.map(\.title)). [clears-articles]"
      )
    }
    if let error = result.failure {
      if presenterBridgesItself() {
        Issue.record(
          "\(error) A failed refresh must finish, stop the spinner and keep the articles. The presenter has its own copy of the bridge, with the copy's bugs: bridge once, in FeedRepository, and call it here. [keeps-presenter-copy]"
        )
      } else {
        Issue.record(
          "\(error) A failed refresh must finish, stop the spinner and keep the articles. The bridge it calls never resumed on the rejection. [keeps-done-only]"
        )
      }
    }
    #expect(
      presenter.activity.events.last == "stop",
      "The spinner must stop after a failed refresh too. [keeps-spinner-in-closure]")
  }

  // A presenter with its own, correct, copy of the bridge behaves like one that calls the adapter:
  // no run can tell them apart. The lesson names the tell to look for instead, and so does this test.
  @Test("FeedPresenter: no continuation of its own, the tell of a second bridge")
  func presenterHasNoBridge() {
    #expect(
      ExerciseSource.text(of: "3.7") != nil,
      "The file of exercise 3.7 could not be read, so the presenter's tell could not be checked. [fixture]")
    #expect(
      !presenterBridgesItself(),
      "The presenter has its own copy of the bridge (a continuation, or a call to the cloud, outside the adapter types): copies drift. Bridge once, in FeedRepository, and call it here, which \"FeedPresenter: the spinner is stopped on the main actor\" explains. [keeps-presenter-copy]"
    )
  }

  @Test(
    "Each type keeps its refresh flag: the repository passes it on, a refresh asks fresh, the widget reads the cache")
  @MainActor
  func refreshFlagsKept() async throws {
    let cloud = ArticleCloud()
    _ = await withDeadlineResult("FeedRepository.latest(refresh: true)") {
      try await FeedRepository(cloud: cloud).latest(refresh: true)
    }
    _ = await withDeadlineResult("FeedRepository.latest(refresh: false)") {
      try await FeedRepository(cloud: cloud).latest(refresh: false)
    }
    let repository = cloud.articles.calls
    let presenterCloud = ArticleCloud()
    let presenter = FeedPresenter(cloud: presenterCloud, activity: ActivityIndicator())
    _ = await withDeadlineResult("FeedPresenter.refresh()") { await presenter.refresh() }
    let stub = StubArticleRepository(.success(Article.samples))
    _ = await withDeadlineResult("WidgetProvider.headlines()") {
      try await WidgetProvider(repository: stub).headlines()
    }
    // A type that never asked (one with a bridge of its own, say) is another test's business.
    let presenterAsked = presenterCloud.articles.calls
    #expect(
      (repository.isEmpty || repository == [true, false]) && (presenterAsked.isEmpty || presenterAsked == [true])
        && (stub.calls.isEmpty || stub.calls == [false]),
      "Keep what each type does with `refresh`: FeedRepository passes it on as `forceRefresh` (asked `true`, then `false`, the cloud saw \(repository)), a pull to refresh asks for fresh articles (the presenter's cloud saw \(presenterCloud.articles.calls)), and the widget reads the cache (its repository saw \(stub.calls)). [refresh-flags]"
    )
  }

  @Test("WidgetProvider: reads through the repository it was given, not a second bridge, its first three headlines")
  func widgetUsesTheRepository() async throws {
    let four = (1...4).map { Article(id: $0, title: "From the repository, \($0)") }
    let stub = StubArticleRepository(.success(four))
    let headlines = try await withDeadline("WidgetProvider.headlines()") {
      try await WidgetProvider(repository: stub).headlines()
    }
    guard !headlines.isEmpty, headlines.allSatisfy({ $0.hasPrefix("From the repository") }) else {
      Issue.record(
        "The widget bridged ArticleCloud.shared again instead of asking its repository: bridge once, at the repository boundary, so every call site (and every test) goes through it. [keeps-presenter-copy]"
      )
      return
    }
    #expect(
      headlines == four.prefix(3).map(\.title),
      "The widget shows the first three headlines, in order, as it did before the fix: it showed \(headlines.count) of the repository's 4. A review fixes the bridge and keeps the behaviour. [widget-headlines]"
    )
  }

  @Test(
    "DownloadProgressAdapter: every progress value arrives, in order, then the stream ends, proved in a child process")
  func progressIsAStream() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let seen = Locked<[Double]>([])
          do {
            try await withDeadline("the progress stream") {
              for await value in DownloadProgressAdapter().progress(of: ProgressDownload()) {
                seen.withLock { $0.append(value) }
              }
            }
          } catch is DeadlineExceeded {
            throw ResumeProbe.ProbeFailure(
              "the progress bar saw \(seen.withLock { $0 }) and then waited forever: finish the stream when the download completes [keeps-progress-continuation]"
            )
          }
          let values = seen.withLock { $0 }
          if values != [0.25, 0.5, 0.75, 1.0] {
            throw ResumeProbe.ProbeFailure(
              "the progress bar saw \(values), not [0.25, 0.5, 0.75, 1.0]: a source that calls back many times needs an AsyncStream that yields each value and finishes on completion [keeps-progress-continuation]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "DownloadProgressAdapter (a continuation resumes once; progress calls back again and again: use AsyncStream)")
  }

  @Test(
    "DownloadProgressAdapter: a thousand progress values that arrive before the bar reads are all kept, in order, proved in a child process"
  )
  func progressKeepsABurst() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) {
          let steps = (1...1_000).map { Double($0) / 1_000 }
          let download = ProgressDownload(plan: .init(progress: steps, outcome: .success(1_000), interval: 0))
          let stream = DownloadProgressAdapter().progress(of: download)
          // The bar reads once the download has ended: every value waits in the stream until it is read.
          _ = await eventually { download.starts == 1 && !download.isRunning }
          let seen = Locked<[Double]>([])
          do {
            try await withDeadline("the progress stream of a download of 1,000 steps") {
              for await value in stream { seen.withLock { $0.append(value) } }
            }
          } catch is DeadlineExceeded {
            return  // a stream that never ends is what "every progress value arrives" names
          }
          let values = seen.withLock { $0 }
          guard values != steps else { return }
          throw ResumeProbe.ProbeFailure(
            "the download gave 1,000 progress values before the bar read any, and the bar saw \(values.count) (from \(values.first.map { "\($0)" } ?? "none") to \(values.last.map { "\($0)" } ?? "none")): a stream keeps every value until it is read, in order, however many come, and a bounded buffer (`.bufferingNewest`, `.bufferingOldest`) drops some. Keep the default, `.unbounded`. [progress-values-lost]"
          )
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child,
      "DownloadProgressAdapter (a continuation resumes once; progress calls back again and again: use AsyncStream)")
  }

  @Test("DownloadProgressAdapter: a failed download ends the stream too, after its progress, proved in a child process")
  func failedDownloadEndsTheStream() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let seen = Locked<[Double]>([])
          let download = ProgressDownload(plan: .init(progress: [0.25, 0.5], outcome: .failure(.offline)))
          do {
            try await withDeadline("the progress stream of a download that fails") {
              for await value in DownloadProgressAdapter().progress(of: download) {
                seen.withLock { $0.append(value) }
              }
            }
          } catch is DeadlineExceeded {
            throw ResumeProbe.ProbeFailure(
              "the download failed after \(seen.withLock { $0 }), and the progress bar waited forever: the stream ends when the download ends, so finish it in the completion whether the download succeeded or failed: this one was finished only on success, or not at all [progress-failure-hangs] [keeps-progress-continuation]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "DownloadProgressAdapter given a download that fails")
  }
}

/// Whether `FeedPresenter`, in the file under test, bridges to the cloud itself: the lesson's tell of a copied bridge.
private func presenterBridgesItself() -> Bool {
  guard let source = ExerciseSource.text(of: "3.7"),
    let presenter = ExerciseSource.declaration("final class FeedPresenter", in: source)
  else { return false }
  return presenter.contains("Continuation") || presenter.contains(".getArticles(")
}

// Every public member of the file under review, with its type, its isolation and its conformances:
// "keep every type's public API as it is" holds for the members no test calls too, because the
// suite does not build when one changes. Compiled, never called; the async members are named, not
// awaited.
@MainActor
private func publicAPIUnderReview(_ download: ProgressDownload) {
  let defaultCloud: any ArticleRepository = FeedRepository()
  let feed = FeedRepository(cloud: ArticleCloud.shared)
  let _: ArticleCloud = feed.cloud
  let _: (Bool) async throws -> [Article] = feed.latest(refresh:)
  let presenter = FeedPresenter(cloud: ArticleCloud.shared, activity: ActivityIndicator())
  let _: [Article] = presenter.articles
  let _: ActivityIndicator = spinnerOffTheMainActor(of: presenter)
  let _: @MainActor () async -> Void = presenter.refresh
  let provider = WidgetProvider(repository: defaultCloud)
  let _: any ArticleRepository = provider.repository
  let _: () async throws -> [String] = provider.headlines
  let _: AsyncStream<Double> = DownloadProgressAdapter().progress(of: download)
  requireSendable(FeedRepository.self, WidgetProvider.self, DownloadProgressAdapter.self)
}

/// `activity` stays `nonisolated`: read here, off the main actor.
private nonisolated func spinnerOffTheMainActor(of presenter: FeedPresenter) -> ActivityIndicator {
  presenter.activity
}

private func requireSendable<each T: Sendable>(_ types: repeat (each T).Type) {}
