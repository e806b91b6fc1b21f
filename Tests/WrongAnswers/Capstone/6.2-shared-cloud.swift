// Wrong answer to exercise 6.2 · shared-cloud
// Mistake: "The app has one cloud, `ArticleCloud.shared`, so the adapter calls it directly."
// Anti-pattern: shared-cloud
// Failure says: The source never called the cloud passed to init(cloud:)

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
      ArticleCloud.shared.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
