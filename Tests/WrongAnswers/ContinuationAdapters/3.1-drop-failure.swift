// Wrong answer to exercise 3.1 · drop-failure
// Mistake: I resume with the articles; when there are none, the caller's loading state covers it.
// Anti-pattern: drop-failure
// Failure says: The failure path never resumed
// Also says: the failure path dropped its continuation without resuming it

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
      cloud.getArticles(forceRefresh: refresh) { result in
        if case .success(let articles) = result {
          continuation.resume(returning: articles)
        }
      }
    }
  }
}
