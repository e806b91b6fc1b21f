// Wrong answer to exercise 3.1 · unsafe-continuation
// Mistake: The unsafe continuation has the same shape and skips the checks: the adapter is simple enough
//   not to need them.
// Anti-pattern: unsafe-continuation
// Failure says: The continuation is checked: when the cloud drops its callback, only the checked one
//   says

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
    try await withUnsafeThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh) { result in
        continuation.resume(with: result)
      }
    }
  }
}
