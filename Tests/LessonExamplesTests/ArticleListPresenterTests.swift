// The lesson's test example (Docs/03-continuation-adapters.md#the-presenter): it compiles without
// PromiseKitLite, because the presenter depends on the repository protocol alone.

import LegacyKit
import Testing

@testable import LessonExamples

struct StubArticleRepository: ArticleRepository {
  let result: Result<[Article], Error>

  func latest(refresh: Bool) async throws -> [Article] {
    try result.get()
  }
}

@MainActor
final class SpyView: ArticleListViewProtocol {
  var reloads = 0
  var errors: [Error] = []
  func reloadList() { reloads += 1 }
  func handleApiError(error: Error) { errors.append(error) }
}

@Suite("The lesson's examples of topic 3 compile and behave as the lesson says")
@MainActor
struct LessonExamplesTests {
  @Test("The lesson's presenter reloads the list with the stub's articles")
  func presenterLoads() async throws {
    let view = SpyView()
    let presenter = ArticleListPresenter(repository: StubArticleRepository(result: .success(Article.samples)))
    presenter.view = view
    presenter.onViewDidLoad()
    for _ in 0..<1000 where view.reloads == 0 && view.errors.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
    #expect(presenter.articles == Article.samples && view.reloads == 1)
  }

  @Test("The lesson's adapters return the shared cloud's articles")
  func adaptersReturnArticles() async throws {
    #expect(try await LegacyArticleRepository().latest(refresh: false) == Article.samples)
    #expect(try await ArticleCloudRepository().latest(refresh: false) == Article.samples)
  }
}
