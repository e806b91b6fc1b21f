// Exercise 3.1 · Completion handler to async throws · solution

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
    try await withCheckedThrowingContinuation { continuation in
      // The callback delivers exactly one Result: resuming with it covers both paths.
      cloud.getArticles(forceRefresh: refresh) { result in
        continuation.resume(with: result)
      }
    }
  }
}
