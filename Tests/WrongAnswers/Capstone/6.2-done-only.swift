// Wrong answer to exercise 6.2 · done-only
// Mistake: "The dashboard only cares about the articles: resume from .done, and a failure shows up as a missing list."
// Anti-pattern: done-only
// Failure says: The rejected promise never resumed the task

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
      _ = cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
    }
  }
}
