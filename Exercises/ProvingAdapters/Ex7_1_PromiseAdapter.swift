// Exercise 7.1 · Both paths of a promise adapter
//
// Write the tests that prove `ArticleCloudRepository`, the promise adapter of exercise 3.2.
// The subject, whole, as your tests see it (its body lives with the course's machinery, beside the
// broken versions the check swaps in; you never need to open it):
//
//   public struct ArticleCloudRepository: ArticleRepository {   // import ProvingAdaptersSubjects
//     public let cloud: ArticleCloud             // the legacy source; the app passes .shared
//     public init(cloud: ArticleCloud = .shared)
//     public func latest(refresh: Bool) async throws -> [Article]
//   }
//   It returns what the cloud fulfills, for the `refresh` flag asked, and throws what the cloud
//   rejects with, a cancellation too. [shared-cloud] [placeholder-titles] [ignores-refresh] [always-refresh]
//   [done-only] [swallows-error] [generic-error] [default-catch-policy]
//
// Give it a cloud of your own, scripted
// (`cloud.articles.script(.succeed(…))`, `.fail(…)`), and prove both paths: [shared-cloud]
// - the success path returns exactly the cloud's articles, and asks the cloud with the `refresh`
//   flag it was given; [shared-cloud] [placeholder-titles] [ignores-refresh] [always-refresh]
// - the failure path throws the cloud's own error, and so does a promise rejected with a
//   cancellation: an error whose `isCancelled` is true, such as `PMKError.cancelled`
//   (`LegacyError.cancelled` is not one). [done-only] [swallows-error] [generic-error] [default-catch-policy]
// Await every call under `withDeadline` (from ProvingKit): an adapter that never resumes must fail
// your test, not hang the run. [done-only] [default-catch-policy]
//
// `swift run course check 7.1` runs your tests against the correct adapter, then against broken ones,
// and names each broken one that your tests let through. Replace the test below with yours.
//
// Lesson: Docs/07-proving-adapters.md#both-paths-of-an-adapter

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  @Test("Not started yet: replace this test with your tests")
  func notStartedYet() throws {
    throw NotStarted("7.1")
  }
}
