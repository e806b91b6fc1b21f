import LegacyKit
import Locking

/// A repository that answers each call with the next of its results; the last one repeats.
final class SequenceArticleRepository: ArticleRepository {
  private let results: Locked<[Result<[Article], any Error>]>
  private let asked = Locked(0)

  /// How many times `latest(refresh:)` was called.
  var calls: Int { asked.withLock { $0 } }

  init(_ results: [Result<[Article], any Error>]) {
    self.results = Locked(results)
  }

  func latest(refresh: Bool) async throws -> [Article] {
    asked.withLock { $0 += 1 }
    return try results.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }.get()
  }
}
