// Wrong answer to exercise 7.1 · no-refresh-check
// Mistake: "`refresh: true` and `refresh: false` get the same scripted articles back, so comparing the articles
//   covers both calls; how the flag reached the cloud is the cloud's concern."
// Anti-pattern: no-refresh-check
// Failure says: Your tests pass an adapter that always asks the cloud with `forceRefresh: false`

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  /// Articles that no default answer holds: a test that gets them back knows they came from its own cloud.
  let scripted = [Article(id: 71, title: "Scripted for this test"), Article(id: 72, title: "And this one")]

  @Test("The success path returns the cloud's articles, fresh or cached")
  func successPath() async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.succeed(scripted))
    let repository = ArticleCloudRepository(cloud: cloud)
    let fresh = try await withDeadline("latest(refresh: true)") { try await repository.latest(refresh: true) }
    let cached = try await withDeadline("latest(refresh: false)") { try await repository.latest(refresh: false) }
    #expect(fresh == scripted)
    #expect(cached == scripted)
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
