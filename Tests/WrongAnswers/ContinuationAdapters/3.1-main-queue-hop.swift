// Wrong answer to exercise 3.1 · main-queue-hop
// Mistake: The articles end up on screen, so I resume on the main queue, where UI code runs.
// Anti-pattern: main-queue-hop
// Failure says: Resume where the callback arrives: a `DispatchQueue.main.async` hop never runs while
//   legacy code holds the main queue

import Dispatch
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
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh) { result in
        DispatchQueue.main.async {
          continuation.resume(with: result)
        }
      }
    }
  }
}
