// Wrong answer to exercise 7.1 · no-deadline
// Mistake: "The scripted cloud answers at once, on the caller's thread: a deadline only guards against a slow
//   network, and these tests have none, so a plain `await` is enough."
// Anti-pattern: no-deadline
// Failure says: Your tests hang against an adapter that never resumes when the promise is rejected

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
    let fresh = try await repository.latest(refresh: true)
    let cached = try await repository.latest(refresh: false)
    #expect(fresh == scripted)
    #expect(cached == scripted)
    #expect(cloud.articles.calls == [true, false])
  }

  @Test("The failure path throws the cloud's own error", arguments: [LegacyError.offline, .server(status: 503)])
  func failurePath(error: LegacyError) async {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(error))
    let repository = ArticleCloudRepository(cloud: cloud)
    await #expect(throws: error) {
      try await repository.latest(refresh: false)
    }
  }

  @Test("A cancelled promise throws its cancellation")
  func cancellation() async {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(PMKError.cancelled))
    let repository = ArticleCloudRepository(cloud: cloud)
    let thrown = await #expect(throws: PMKError.self) {
      try await repository.latest(refresh: false)
    }
    #expect(thrown?.isCancelled == true)
  }
}
