import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Testing

@Suite("3.1 Completion handler to async throws", .exercise("3.1"))
struct Ex3_1_CompletionHandlerAdapterTests {
  let cloud = ArticleCloud()

  @Test("The articles from the callback are returned")
  func returnsArticles() async throws {
    let articles = try await withDeadline("LegacyArticleRepository.latest(refresh:)") { [cloud] in
      try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
    }
    #expect(articles == Article.samples, "The adapter must return the articles the callback delivers. [other-articles]")
  }

  @Test("The refresh flag reaches the legacy call, unchanged, in one call", arguments: [false, true])
  func passesRefresh(refresh: Bool) async throws {
    _ = try await withDeadline("LegacyArticleRepository.latest(refresh:)") { [cloud] in
      try await LegacyArticleRepository(cloud: cloud).latest(refresh: refresh)
    }
    #expect(
      cloud.articles.calls == [refresh],
      "Pass `refresh` on as `forceRefresh`, and call the cloud once: for refresh \(refresh), the cloud was called with \(cloud.articles.calls). [always-force-refresh]"
    )
  }

  @Test("The callback's error is thrown, not swallowed, after one call to the cloud")
  func throwsTheError() async throws {
    cloud.articles.script(.fail(LegacyError.offline))
    let result = await withDeadlineResult("LegacyArticleRepository.latest(refresh:) on the failure path") {
      [cloud] in try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
    }
    switch result {
    case .success(let articles):
      Issue.record(
        "The callback's error is thrown, not swallowed: logging it and returning \(articles) hides the failure. [swallow-error]"
      )
    case .failure(let error as DeadlineExceeded):
      Issue.record(
        "\(error) The failure path never resumed: one resume on the success path and one on the failure path. [drop-failure]"
      )
    case .failure(let error):
      #expect(error as? LegacyError == .offline, "Throw the callback's own error, not \(error). [swallow-error]")
    }
    #expect(
      cloud.articles.calls.count == 1,
      "Pass `refresh` on as `forceRefresh`, and call the cloud once: a failure led to \(cloud.articles.calls.count) calls (an adapter translates; retrying is the caller's business). [always-force-refresh]"
    )
  }

  @Test("A callback from a background thread, after a delay, resumes the task")
  func backgroundCallback() async throws {
    cloud.articles.script(Script.succeed([Article(id: 7, title: "Late")]).after(0.05).fromBackground)
    // A wrong answer here returns early or hangs; only a hang needs the deadline, so it can be generous.
    let result = await withDeadlineResult(seconds: 5, "LegacyArticleRepository.latest(refresh:) given a late callback")
    {
      [cloud] in try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
    }
    let ids = (try? result.get())?.map(\.id)
    #expect(
      ids == [7],
      "A callback that comes late, from a background thread, must still resume the task, with its articles: got \(result). [semaphore-timeout]"
    )
  }

  @Test("The task resumes while the main queue is busy: no hop to the main queue, proved in a child process")
  func noMainQueueHop() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.succeed(Article.samples).fromBackground)
        await ResumeProbe.run(within: 3) {
          do {
            _ = try await withMainQueueHeld("latest(refresh:)") {
              try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
            }
          } catch let error as DeadlineExceeded {
            throw ResumeProbe.ProbeFailure(
              "Resume where the callback arrives: a `DispatchQueue.main.async` hop never runs while legacy code holds the main queue waiting for this very result. (\(error)) [main-queue-hop]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "LegacyArticleRepository.latest(refresh:) with the main queue busy")
  }

  @Test("A dropped callback is reported by the runtime: the continuation is checked, proved in a child process")
  func checkedContinuation() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(.never)  // the cloud drops its callback without answering
        await ResumeProbe.run(within: 0.5) {
          _ = try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
        }
      }
    }
    switch ResumeProbe.verdict(of: child) {
    case .leaked: break
    case .neverResumed:
      Issue.record(
        "The continuation is checked: when the cloud drops its callback, only the checked one says \"leaked its continuation\". Here the runtime said nothing and the task just hung: an unsafe continuation stays silent. [unsafe-continuation]"
      )
    default:
      ResumeProbe.expectExactlyOnce(child, "LegacyArticleRepository.latest(refresh:) given a dropped callback")
    }
  }

  @Test("Exactly one resume on the success path, proved in a child process")
  func exactlyOnceOnSuccess() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.succeed(Article.samples).fromBackground)
        await ResumeProbe.run { _ = try await LegacyArticleRepository(cloud: cloud).latest(refresh: false) }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LegacyArticleRepository.latest(refresh:)",
      ifHung:
        "One resume on the success path and one on the failure path: the success path never resumed. [drop-failure]")
  }

  @Test("Exactly one resume on the failure path, proved in a child process")
  func exactlyOnceOnFailure() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.fail(LegacyError.server(status: 500)).fromBackground)
        await ResumeProbe.run { _ = try await LegacyArticleRepository(cloud: cloud).latest(refresh: false) }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "LegacyArticleRepository.latest(refresh:) on the failure path",
      ifHung:
        "One resume on the success path and one on the failure path: the failure path dropped its continuation without resuming it. [drop-failure]"
    )
  }
}
