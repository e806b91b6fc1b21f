// The lesson's example (Docs/03-continuation-adapters.md#one-adapter-per-data-source), compiled so it stays true.

import LegacyKit

struct LegacyArticleRepository: ArticleRepository {
  func latest(refresh: Bool) async throws -> [Article] {
    try await withCheckedThrowingContinuation { continuation in
      ArticleCloud.shared.getArticles(forceRefresh: refresh) { result in
        continuation.resume(with: result)
      }
    }
  }
}
