// Wrong answer to exercise 6.2 · default-catch-policy
// Mistake: "`.catch` receives every error, so resuming from it covers every failure."
// Anti-pattern: done-only
// Failure says: The cancelled promise never resumed the task

import LegacyKit
import PromiseKitLite

/// The dashboard's articles, from the legacy cloud's promise API.
public struct CloudArticleSource: ArticleRepository {
  /// The legacy source.
  public let cloud: ArticleCloud

  /// A source over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil) { continuation.resume(throwing: $0) }
    }
  }
}
