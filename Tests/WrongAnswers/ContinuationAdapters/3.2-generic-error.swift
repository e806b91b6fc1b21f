// Wrong answer to exercise 3.2 · generic-error
// Mistake: The screen only ever says 'you seem to be offline', so the adapter throws that for every
//   failure.
// Anti-pattern: generic-error
// Failure says: Throw the promise's own error, so the caller can tell a cancellation from a failure

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
        .done(on: nil) { continuation.resume(returning: $0) }
        .catch(on: nil, policy: .allErrors) { _ in continuation.resume(throwing: LegacyError.offline) }
    }
  }
}
