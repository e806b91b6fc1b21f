// Wrong answer to exercise 3.1 · swallow-error
// Mistake: A failed load should not crash the screen, so I log the error and return an empty list.
// Anti-pattern: swallow-error
// Failure says: The callback's error is thrown, not swallowed: logging it and returning [] hides the
//   failure

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
    await withCheckedContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh) { result in
        switch result {
        case .success(let articles):
          continuation.resume(returning: articles)
        case .failure(let error):
          print("latest(refresh:) failed: \(error)")
          continuation.resume(returning: [])
        }
      }
    }
  }
}
