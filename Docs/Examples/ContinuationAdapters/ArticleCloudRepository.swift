// The lesson's example (Docs/03-continuation-adapters.md#from-a-promise), compiled so it stays true.

import LegacyKit
import PromiseKitLite

struct ArticleCloudRepository: ArticleRepository {
  func latest(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      ArticleCloud.shared.getArticles(forceRefresh: refresh)
        .done { articles in
          continuation.resume(returning: articles)
        }
        .catch { error in
          continuation.resume(throwing: error)
        }
    }
  }
}
