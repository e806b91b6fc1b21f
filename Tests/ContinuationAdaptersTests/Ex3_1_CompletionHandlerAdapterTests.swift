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
    #expect(articles == Article.samples)
  }

  @Test("The refresh flag reaches the legacy call")
  func passesRefresh() async throws {
    _ = try await withDeadline("LegacyArticleRepository.latest(refresh:)") { [cloud] in
      try await LegacyArticleRepository(cloud: cloud).latest(refresh: true)
    }
    #expect(cloud.articles.calls == [true], "Pass `refresh` on as `forceRefresh`, and call the cloud once.")
  }

  @Test("The callback's error is thrown, not swallowed, and the task does not hang")
  func throwsTheError() async throws {
    cloud.articles.script(.fail(LegacyError.offline))
    await #expect(throws: LegacyError.offline) {
      try await withDeadline(
        "LegacyArticleRepository.latest(refresh:) on the failure path"
      ) { [cloud] in try await LegacyArticleRepository(cloud: cloud).latest(refresh: false) }
    }
  }

  @Test("A callback from a background thread, after a delay, resumes the task")
  func backgroundCallback() async throws {
    cloud.articles.script(Script.succeed([Article(id: 7, title: "Late")]).after(0.02).fromBackground)
    let articles = try await withDeadline("LegacyArticleRepository.latest(refresh:)") { [cloud] in
      try await LegacyArticleRepository(cloud: cloud).latest(refresh: false)
    }
    #expect(articles.map(\.id) == [7])
  }

  @Test("Exactly one resume on the success path, proved in a child process")
  func exactlyOnceOnSuccess() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let cloud = ArticleCloud()
      cloud.articles.script(Script.succeed(Article.samples).fromBackground)
      await ResumeProbe.run { _ = try await LegacyArticleRepository(cloud: cloud).latest(refresh: false) }
    }
    ResumeProbe.expectExactlyOnce(child, "LegacyArticleRepository.latest(refresh:)")
  }

  @Test("Exactly one resume on the failure path, proved in a child process")
  func exactlyOnceOnFailure() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let cloud = ArticleCloud()
      cloud.articles.script(Script.fail(LegacyError.server(status: 500)).fromBackground)
      await ResumeProbe.run { _ = try await LegacyArticleRepository(cloud: cloud).latest(refresh: false) }
    }
    ResumeProbe.expectExactlyOnce(child, "LegacyArticleRepository.latest(refresh:) on the failure path")
  }
}
