// Wrong answer to exercise 3.2 · default-catch-policy
// Mistake: `.done` for the articles, `.catch` for the errors: every promise ends in one or the other.
// Anti-pattern: default-catch-policy
// Failure says: `catch` skips cancellations by default, so a cancelled request never resumes the
//   continuation

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
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil) { continuation.resume(throwing: $0) }
    }
  }
}
