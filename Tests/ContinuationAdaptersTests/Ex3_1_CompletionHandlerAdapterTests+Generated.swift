import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_1_CompletionHandlerAdapterTests {
  @Test(
    "On answers of every kind (feeds with repeats, drafts and ids in any order, any error, each kind of cancellation) and either flag, latest(refresh:) does what the reference does"
  )
  func generatedCalls() async {
    await Generated.expect("latest(refresh:)", Gen.articlesCall, describe: Said.call) { call in
      let mine = await Self.ask(call) {
        try await ContinuationAdapters.LegacyArticleRepository(cloud: $0).latest(refresh: $1)
      }
      let reference = await Self.ask(call) {
        try await ContinuationAdaptersReference.LegacyArticleRepository(cloud: $0).latest(refresh: $1)
      }
      return Self.difference(call, mine, reference)
    }
  }

  /// How the learner's adapter's call differs from the reference's, in a sentence; `nil` when it does not.
  static func difference(
    _ call: ArticlesCall, _ mine: (outcome: Swift.Result<[Article], any Error>, calls: [Bool]),
    _ reference: (outcome: Swift.Result<[Article], any Error>, calls: [Bool])
  ) -> String? {
    if mine.calls != reference.calls {
      return
        "Asked with refresh \(call.refresh), the adapter called the cloud with \(mine.calls), where it passes `refresh` on as `forceRefresh`, in one call, \(reference.calls), which \"The refresh flag reaches the legacy call\" explains. [always-force-refresh]"
    }
    switch (call.answer, mine.outcome, reference.outcome) {
    case (.success(let sent), .success(let returned), _) where returned != sent:
      return
        "The cloud sent the feed \(Said.feed(sent)), and latest(refresh:) returned \(Said.feed(returned)): return the callback's articles, as they came, drafts, repeats and order too, which \"The articles from the callback are returned\" explains. [other-articles]"
    case (.success(let sent), .failure(let error), _):
      return
        "The cloud sent the feed \(Said.feed(sent)), and latest(refresh:) threw \(Said.error(error)): return the callback's articles, as they came, which \"The articles from the callback are returned\" explains. [other-articles]"
    case (.failure(let sent), .success(let returned), _):
      return
        "The cloud failed with \(Said.error(sent)), and latest(refresh:) returned \(Said.feed(returned)): the callback's error is thrown, not swallowed, whatever its kind, which \"The callback's error is thrown\" explains. [swallow-error]"
    case (.failure(let sent), .failure(let thrown), _)
    where Said.outcome(mine.outcome) != Said.outcome(reference.outcome):
      return
        "The cloud failed with \(Said.error(sent)), and latest(refresh:) threw \(Said.error(thrown)): throw the callback's own error, unchanged, whatever its kind, a cancellation too, which \"The callback's error is thrown\" explains. [swallow-error]"
    default:
      return nil
    }
  }

  /// What `latest` returned or threw, asked with `call.refresh` of a cloud of its own that answers as
  /// `call` says, and the flags the cloud was called with.
  static func ask(
    _ call: ArticlesCall, _ latest: @Sendable (ArticleCloud, Bool) async throws -> [Article]
  ) async -> (outcome: Swift.Result<[Article], any Error>, calls: [Bool]) {
    let cloud = ArticleCloud()
    switch call.answer {
    case .success(let articles): cloud.articles.script(.succeed(articles))
    case .failure(let error): cloud.articles.script(.fail(error))
    }
    do {
      return (.success(try await latest(cloud, call.refresh)), cloud.articles.calls)
    } catch {
      return (.failure(error), cloud.articles.calls)
    }
  }
}
