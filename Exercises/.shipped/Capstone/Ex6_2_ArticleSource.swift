// Exercise 6.2 · Source 1: the promise singleton
// Grade 2 (practice) · Lesson: Docs/06-capstone.md#one-source-at-a-time
// Check it: swift run course check 6.2   (or: swift test --filter CapstoneTests.Ex6_2_ArticleSourceTests)
//
// The first legacy source behind the boundary: `ArticleCloud`'s promise API. Every
// way the promise settles must resume the awaiting task exactly once. [done-only] [two-catches]
// The source asks the cloud it was given, passing `refresh` on as `forceRefresh`, once. [shared-cloud]
// A fulfilled promise returns its articles. [other-articles]
// A rejected or cancelled promise throws its own error. [empty-on-error]

import CourseCatalog
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
    throw NotStarted("6.2")  // Replace this line.
  }
}
