// The subject of exercise 7.1, with its mutants: the promise adapter of exercise 3.2.

import LegacyKit
import PromiseKitLite

/// The articles of the legacy cloud's promise API, as an `ArticleRepository`.
///
/// It returns what the cloud fulfills, for the `refresh` flag asked, and throws what the cloud
/// rejects with, a cancellation too.
public struct ArticleCloudRepository: ArticleRepository {
  /// The legacy source; the app passes `.shared`, tests pass their own.
  public let cloud: ArticleCloud

  /// A repository over `cloud`.
  public init(cloud: ArticleCloud = .shared) {
    self.cloud = cloud
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    let mutant = Mutant.chosen(for: "7.1")
    let cloud = mutant == "shared-cloud" ? ArticleCloud.shared : cloud
    let refresh = mutant == "ignores-refresh" ? false : mutant == "always-refresh" ? true : refresh
    return try await withCheckedThrowingContinuation { continuation in
      let chain = cloud.getArticles(forceRefresh: refresh).done(on: nil) { articles in
        // `placeholder-titles`: as many articles as the cloud fulfilled, with their ids, while a
        // "cache" fills in titles it never got: a suite that counts, or checks ids, passes it.
        let returned =
          mutant == "placeholder-titles" ? articles.map { Article(id: $0.id, title: "Loading…") } : articles
        continuation.resume(returning: returned)
      }
      switch mutant {
      case "done-only":
        chain.cauterize()
      case "default-catch-policy":
        chain.catch(on: nil) { continuation.resume(throwing: $0) }
      case "swallows-error":
        chain.catch(on: nil, policy: .allErrors) { _ in continuation.resume(returning: []) }
      case "generic-error":
        chain.catch(on: nil, policy: .allErrors) { _ in continuation.resume(throwing: AdapterFailed()) }
      default:
        chain.catch(on: nil, policy: .allErrors) { continuation.resume(throwing: $0) }
      }
    }
  }
}
