// Wrong answer to exercise 7.1 · refresh-true-only
// Mistake: "`refresh: false` is the default path every screen already exercises; the interesting flag is
//   `true`, so I check that a refresh reaches the cloud as `true`."
// Anti-pattern: one-flag-only
// Failure says: Your tests pass an adapter that always asks the cloud with `forceRefresh: true`

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  /// Articles that no default answer holds: a test that gets them back knows they came from its own cloud.
  let scripted = [Article(id: 71, title: "Scripted for this test"), Article(id: 72, title: "And this one")]

  @Test("The success path returns the cloud's articles, asked with the flag given")
  func successPath() async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.succeed(scripted))
    let repository = ArticleCloudRepository(cloud: cloud)
    // Under a deadline, so that an adapter that never resumes fails this test instead of hanging the run.
    let fresh = try await withDeadline("latest(refresh: true)") { try await repository.latest(refresh: true) }
    #expect(fresh == scripted)
    #expect(cloud.articles.calls == [true])
  }

  @Test("The failure path throws the cloud's own error", arguments: [LegacyError.offline, .server(status: 503)])
  func failurePath(error: LegacyError) async {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(error))
    let repository = ArticleCloudRepository(cloud: cloud)
    await #expect(throws: error) {
      try await withDeadline("latest(refresh:) of a rejected promise") { try await repository.latest(refresh: false) }
    }
  }

  @Test("A cancelled promise throws its cancellation")
  func cancellation() async {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(PMKError.cancelled))
    let repository = ArticleCloudRepository(cloud: cloud)
    let thrown = await #expect(throws: PMKError.self) {
      try await withDeadline("latest(refresh:) of a cancelled promise") { try await repository.latest(refresh: false) }
    }
    #expect(thrown?.isCancelled == true)
  }
}
