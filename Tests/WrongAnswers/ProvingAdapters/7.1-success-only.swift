// Wrong answer to exercise 7.1 · success-only
// Mistake: "The adapter's job is to hand back the articles; if the happy path returns exactly what the cloud
//   sent, for the flag I asked, the adapter works."
// Anti-pattern: success-only
// Failure says: Your tests pass an adapter that never resumes when the promise is rejected

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  /// Articles that no default answer holds: a test that gets them back knows they came from its own cloud.
  let scripted = [Article(id: 71, title: "Scripted for this test"), Article(id: 72, title: "And this one")]

  @Test("The adapter returns the cloud's articles, asked with the flag given")
  func successPath() async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.succeed(scripted))
    let repository = ArticleCloudRepository(cloud: cloud)
    let fresh = try await withDeadline("latest(refresh: true)") { try await repository.latest(refresh: true) }
    let cached = try await withDeadline("latest(refresh: false)") { try await repository.latest(refresh: false) }
    #expect(fresh == scripted)
    #expect(cached == scripted)
    #expect(cloud.articles.calls == [true, false])
  }
}
