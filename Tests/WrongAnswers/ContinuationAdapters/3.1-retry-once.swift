// Wrong answer to exercise 3.1 · retry-once
// Mistake: The network is flaky, so the adapter tries a second time before it gives up.
// Anti-pattern: always-force-refresh
// Failure says: Pass `refresh` on as `forceRefresh`, and call the cloud once: a failure led to 2 calls

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
    do {
      return try await fetch(refresh: refresh)
    } catch {
      return try await fetch(refresh: refresh)  // one retry for a flaky network
    }
  }

  private func fetch(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh) { result in
        continuation.resume(with: result)
      }
    }
  }
}
