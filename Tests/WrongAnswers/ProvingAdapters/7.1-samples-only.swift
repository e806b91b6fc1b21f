// Wrong answer to exercise 7.1 · samples-only
// Mistake: "A fresh `ArticleCloud()` already answers with `Article.samples`, so there is nothing to script:
//   getting the samples back shows the adapter returns what the cloud sends."
// Anti-pattern: samples-only
// Failure says: Your tests pass an adapter that ignores the cloud it is given and asks `ArticleCloud.shared`

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  @Test("The adapter returns the cloud's articles, fresh or cached")
  func successPath() async throws {
    let repository = ArticleCloudRepository(cloud: ArticleCloud())
    let fresh = try await withDeadline("latest(refresh: true)") { try await repository.latest(refresh: true) }
    let cached = try await withDeadline("latest(refresh: false)") { try await repository.latest(refresh: false) }
    #expect(fresh == Article.samples)
    #expect(cached == Article.samples)
  }
}
