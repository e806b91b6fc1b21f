// Wrong answer to exercise 3.2 · two-catches
// Mistake: `catch` skips cancellations, so I added a second `catch` with `.allErrors` for them, next to
//   the usual one.
// Anti-pattern: two-catches
// Failure says: resumed its continuation twice, and the runtime trapped

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
      let chain = cloud.getArticles(forceRefresh: refresh).done(on: nil) { continuation.resume(returning: $0) }
      chain.catch(on: nil) { continuation.resume(throwing: $0) }
      chain.catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }  // cancellations too
    }
  }
}
