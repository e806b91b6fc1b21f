// Wrong answer to exercise 3.1 · semaphore-timeout
// Mistake: I wait for the callback with a semaphore, with a short timeout so that the caller is never
//   blocked for long.
// Anti-pattern: semaphore-timeout
// Failure says: A callback that comes late, from a background thread, must still resume the task

import Dispatch
import LegacyKit
import Locking

/// The articles of the legacy cloud's completion-handler API, as an `ArticleRepository`.
public struct LegacyArticleRepository: ArticleRepository {
  /// The legacy source; the app passes `.shared`, tests pass their own.
  public let cloud: ArticleCloud

  /// A repository over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    let answer = Locked<Result<[Article], any Error>?>(nil)
    let answered = DispatchSemaphore(value: 0)
    cloud.getArticles(forceRefresh: refresh) { result in
      answer.withLock { $0 = result }
      answered.signal()
    }
    _ = answered.wait(timeout: .now() + 0.01)  // never keep the caller waiting
    return try answer.withLock { $0 }?.get() ?? []
  }
}
