// Wrong answer to exercise 6.2 · never-refresh
// Mistake: "The dashboard loads once, so the cached articles are always fine."
// Anti-pattern: shared-cloud
// Failure says: pass `refresh` on as `forceRefresh`, once

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
      cloud.getArticles(forceRefresh: false)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
