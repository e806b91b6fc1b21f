// Exercise 6.2 · Source 1: the promise singleton · solution

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
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
