// Exercise 3.1 · Completion handler to async throws
// Grade 1 (warm-up) · Lesson: Docs/03-continuation-adapters.md#one-adapter-per-data-source
// Check it: swift run course check 3.1   (or: swift test --filter ContinuationAdaptersTests.Ex3_1_CompletionHandlerAdapterTests)
//
// `ArticleCloud.getArticles(forceRefresh:completion:)` calls back once with a
// `Result<[Article], Error>`. Make `LegacyArticleRepository` conform to the app's
// `ArticleRepository` by bridging that call to `async throws` with a checked
// continuation: one thin adapter, resumed exactly once, on the success path and the
// failure path, from whatever thread the callback uses. [unsafe-continuation] [drop-failure]
// [semaphore-timeout] [main-queue-hop]
//   - Pass `refresh` on as `forceRefresh`, in one call to the cloud: no retry. [always-force-refresh]
//   - Return the callback's articles, as they came. [other-articles]
//   - Throw the callback's own error, instead of swallowing it. [swallow-error]

import CourseCatalog
import LegacyKit

/// The articles of the legacy cloud's completion-handler API, as an `ArticleRepository`.
public struct LegacyArticleRepository: ArticleRepository {
  /// The legacy source; the app passes `.shared`, tests pass their own.
  public let cloud: ArticleCloud

  /// A repository over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    throw NotStarted("3.1")  // Replace this line with your adapter.
  }
}
