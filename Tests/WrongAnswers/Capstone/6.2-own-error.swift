// Wrong answer to exercise 6.2 · own-error
// Mistake: "The screen does not need PromiseKit's errors: throw one error of the app's own for any failure."
// Anti-pattern: empty-on-error
// Failure says: not the promise's own error

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

  /// The one error the dashboard shows for any failed request.
  struct ArticlesUnavailable: Error {}

  public func latest(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { _ in continuation.resume(throwing: ArticlesUnavailable()) }
    }
  }
}
