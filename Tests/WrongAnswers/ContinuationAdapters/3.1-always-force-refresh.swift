// Wrong answer to exercise 3.1 · always-force-refresh
// Mistake: Users always want fresh articles, so the adapter always asks the cloud to refresh.
// Anti-pattern: always-force-refresh
// Failure says: Pass `refresh` on as `forceRefresh`, and call the cloud once: for refresh false

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
      cloud.getArticles(forceRefresh: true) { result in
        continuation.resume(with: result)
      }
    }
  }
}
