// Exercise 3.2 · Promise to async throws
// Grade 2 (practice) · Lesson: Docs/03-continuation-adapters.md#from-a-promise
// Check it: swift run course check 3.2   (or: swift test --filter ContinuationAdaptersTests.Ex3_2_PromiseAdapterTests)
//
// `ArticleCloud.getArticles(forceRefresh:)` returns a `Promise<[Article]>`. Make
// `ArticleCloudRepository` conform to `ArticleRepository` by resuming a checked
// continuation from the promise's `.done` and its `.catch`, so that every way the
// promise can settle (fulfilled, rejected, cancelled) resumes the awaiting task once.
// [unsafe-continuation] [done-only] [default-catch-policy] [two-catches]
//   - Pass `refresh` on as `forceRefresh`, in one call to the cloud. [refresh-not-passed]
//   - A fulfilled promise returns its articles, as they came. [other-articles]
//   - A rejected or cancelled promise throws; it never returns. [swallow-error]
//   - Throw the promise's own error, not one of yours. [generic-error]
//   - Resume where the promise settles (`on: nil`), not on the main queue. [main-queue-handlers]

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// The articles of the legacy cloud's promise API, as an `ArticleRepository`.
public struct ArticleCloudRepository: ArticleRepository {
  /// The legacy source; the app passes `.shared`, tests pass their own.
  public let cloud: ArticleCloud

  /// A repository over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    throw NotStarted("3.2")  // Replace this line with your adapter.
  }
}
