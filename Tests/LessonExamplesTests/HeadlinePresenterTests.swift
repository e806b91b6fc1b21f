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
final class SpyView: HeadlineView {
  var shown: [String] = []
  var errors: [Error] = []
  func show(headline: String) { shown.append(headline) }
  func showError(_ error: Error) { errors.append(error) }
}

@Suite("The lesson's examples of topic 3 compile and behave as the lesson says")
@MainActor
struct LessonExamplesTests {
  @Test("The lesson's widget shows the newest article's title, from the stub")
  func presenterLoads() async throws {
    let view = SpyView()
    let presenter = HeadlinePresenter(repository: StubArticleRepository(result: .success(Article.samples)))
    presenter.view = view
    presenter.onAppear()
    for _ in 0..<1000 where view.shown.isEmpty && view.errors.isEmpty { try await Task.sleep(for: .milliseconds(1)) }
    #expect(presenter.headline == Article.samples.first?.title)
    #expect(view.shown == [Article.samples[0].title])
  }

  @Test("The lesson's adapters return the shared cloud's articles")
  func adaptersReturnArticles() async throws {
    #expect(try await LegacyArticleRepository().latest(refresh: false) == Article.samples)
    #expect(try await ArticleCloudRepository().latest(refresh: false) == Article.samples)
  }
}
