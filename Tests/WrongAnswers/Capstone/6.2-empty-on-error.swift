// Wrong answer to exercise 6.2 · empty-on-error
// Mistake: "A failed request means there are no articles to show, so return none and the screen stays usable."
// Anti-pattern: empty-on-error
// Failure says: The rejected promise returned 0 articles instead of throwing

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
    await withCheckedContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { _ in continuation.resume(returning: []) }
    }
  }
}
