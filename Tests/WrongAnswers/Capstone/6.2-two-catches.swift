// Wrong answer to exercise 6.2 · two-catches
// Mistake: "My `catch` handled the errors, but a cancelled promise skipped it and the screen waited, so I
//   added a second `catch` for every error; the first one still handles the ordinary failures."
// Anti-pattern: two-catches
// Failure says: CloudArticleSource.latest(refresh:) on a rejected promise resumed its continuation twice

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
      let chain = cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }
      chain.catch(on: nil) { continuation.resume(throwing: $0) }
      // Cancellations skip the first `catch`, so a second one, for every error, resumes them too.
      chain.catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
    }
  }
}
