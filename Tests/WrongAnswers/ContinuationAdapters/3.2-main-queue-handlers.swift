// Wrong answer to exercise 3.2 · main-queue-handlers
// Mistake: `.done` and `.catch(policy: .allErrors)` as the lesson says; where they run does not matter
//   for an adapter.
// Anti-pattern: main-queue-handlers
// Failure says: Resume where the promise settles, with `on: nil`

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
        .done { continuation.resume(returning: $0) }
        .catch(policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
