// Wrong answer to exercise 3.2 · done-only
// Mistake: The promise hands me the articles in `.done`; the compiler's unused-result warning goes away
//   with `_ =`.
// Anti-pattern: done-only
// Failure says: A chain with only `.done` never resumes when the promise rejects

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
      _ = cloud.getArticles(forceRefresh: refresh).done(on: nil) { articles in
        continuation.resume(returning: articles)
      }
    }
  }
}
