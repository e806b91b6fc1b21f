// Wrong answer to exercise 3.2 · unsafe-continuation
// Mistake: "Both paths resume exactly once, so the checked continuation's bookkeeping buys nothing: use the unsafe one."
// Anti-pattern: unsafe-continuation
// Failure says: The continuation is checked: when the promise is released without settling

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
    // The chain resumes exactly once on every path, so the runtime's checks cost for nothing.
    try await withUnsafeThrowingContinuation { continuation in
      cloud.getArticles(forceRefresh: refresh)
        .done(on: nil) { continuation.resume(returning: $0) }  // no hop: the awaiting task decides where it runs
        .catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }  // cancellations too
    }
  }
}
