import LegacyKit
import Locking

/// A repository that answers with a fixed result: what a presenter's test needs, and nothing of promises.
///
/// This file does not import PromiseKitLite: once screens depend on `ArticleRepository`,
/// their tests no longer know how articles are fetched.
final class StubArticleRepository: ArticleRepository {
  let result: Result<[Article], any Error>
  private let refreshes = Locked<[Bool]>([])

  init(_ result: Result<[Article], any Error>) {
    self.result = result
  }

  /// The `refresh` flag of every call, in order.
  var calls: [Bool] {
    refreshes.withLock { $0 }
  }

  func latest(refresh: Bool) async throws -> [Article] {
    refreshes.withLock { $0.append(refresh) }
    return try result.get()
  }
}
