import Capstone
import CapstoneReference
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_2_ArticleSourceTests {
  // In a child process, as the suite's other checks of a settled promise: a source that resumes twice traps.
  @Test(
    "On promises settled every way (any feed, any error, each kind of cancellation), the source returns or throws what the reference does, proved in a child process"
  )
  func generatedPromises() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.generatedPromisesInTheChild()
      }
    }
    recordGenerated(child, "CloudArticleSource.latest(refresh:) on drawn promises")
  }

  /// In the child: the source and the reference, each over a fresh cloud scripted with the same drawn reply.
  static func generatedPromisesInTheChild() async {
    await ResumeProbe.run(within: 20) {
      func latest(
        _ reply: Reply<[Article]>, _ source: @escaping @Sendable (ArticleCloud) async throws -> [Article]
      ) async -> (outcome: Swift.Result<[Article], any Error>?, calls: [Bool]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script([reply]))
        let outcome = try? await withDeadline("CloudArticleSource.latest(refresh:)") {
          () async -> Swift.Result<[Article], any Error> in
          do { return .success(try await source(cloud)) } catch { return .failure(error) }
        }
        return (outcome, cloud.articles.calls)
      }
      let mine: @Sendable (ArticleCloud) async throws -> [Article] = {
        try await Capstone.CloudArticleSource(cloud: $0).latest(refresh: false)
      }
      let reference: @Sendable (ArticleCloud) async throws -> [Article] = {
        try await CapstoneReference.CloudArticleSource(cloud: $0).latest(refresh: false)
      }
      // A promise that never resumes the task is the targeted tests' finding, said there in a second,
      // not once per scenario the shrinker tries.
      for control in [Reply.value(Article.samples), .error(LegacyError.offline), .error(PMKError.cancelled)] {
        guard await latest(control, mine).outcome != nil else { return }
      }
      let failure = await Generated.check(Gen.reply(Gen.feed), describe: Self.said) { reply in
        let (mine, reference) = (await latest(reply, mine), await latest(reply, reference))
        return Self.difference(reply, mine: mine, reference: reference)
      }
      if let failure { throw ResumeProbe.ProbeFailure(sentence(of: failure)) }
    }
  }

  /// A reply of the cloud in words, as the promise it makes.
  static func said(_ reply: Reply<[Article]>) -> String {
    switch reply {
    case .value(let feed): "a promise fulfilled with the feed \(Said.feed(feed))"
    case .error(let error): "a promise rejected with \(Said.error(error))"
    case .both(let feed, let error):
      "a promise rejected with \(Said.error(error)) (the cloud answered the feed \(Said.feed(feed)) and that error)"
    case .neither: "a promise rejected with LegacyError.badRequest (the cloud answered neither)"
    }
  }

  /// How the source's outcome differs from the reference's, in the lesson's words, or `nil` when it does not.
  static func difference(
    _ reply: Reply<[Article]>, mine: (outcome: Swift.Result<[Article], any Error>?, calls: [Bool]),
    reference: (outcome: Swift.Result<[Article], any Error>?, calls: [Bool])
  ) -> String? {
    guard let expected = reference.outcome else { return nil }
    if mine.calls != reference.calls {
      return
        "latest(refresh: false) reached the cloud it was given as \(mine.calls), not once with forceRefresh false, which \"The source asks the cloud it was given\" explains. [shared-cloud]"
    }
    guard let outcome = mine.outcome else {
      return
        "On \(said(reply)), latest(refresh:) never returned nor threw: every way the promise settles resumes the awaiting task exactly once, which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation\" explains. [done-only]"
    }
    switch (outcome, expected) {
    case (.success(let articles), .success(let feed)) where articles == feed:
      return nil
    case (.failure(let error), .failure(let own))
    where String(reflecting: type(of: error)) + Said.error(error) == String(reflecting: type(of: own)) + Said.error(own):
      return nil
    case (_, .success(let feed)):
      return
        "On a promise fulfilled with the feed \(Said.feed(feed)), latest(refresh:) \(Said.outcome(outcome.map(Said.feed))): a fulfilled promise returns its articles, every one, in its order, drafts and repeats included, which \"A fulfilled promise returns its articles\" explains. [other-articles]"
    case (.success(let articles), _):
      return
        "On \(said(reply)), latest(refresh:) returned \(Said.feed(articles)) instead of throwing: a rejected or cancelled promise throws its own error, which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation\" explains. [empty-on-error]"
    case (.failure(let error), _):
      return
        "On \(said(reply)), latest(refresh:) threw \(String(reflecting: type(of: error))) \(Said.error(error)), not the promise's own error, whatever its kind, unchanged (\(Said.outcome(expected.map(Said.feed)))), which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation\" explains. [empty-on-error]"
    }
  }
}

/// A failure of a generated check as ``Generated/expect(_:_:seed:trials:describe:sourceLocation:_:)`` says it.
func sentence(of failure: Generated.Failure) -> String {
  "With \(failure.scenario) (the smallest of the scenarios drawn from seed \(failure.seed) that breaks it, first seen in scenario \(failure.trial)): \(failure.sentence)"
}

/// Records what a child that ran a generated check found: its smallest failing scenario and sentence,
/// the stub it reached, or the kit's words for a second resume, a leak, a hang or a crash.
func recordGenerated(_ child: ExitTest.Result?, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
  switch ResumeProbe.verdict(of: child) {
  case .exactlyOnce: return
  case .wrongResult(let sentence): Issue.record(Comment(rawValue: sentence), sourceLocation: sourceLocation)
  default: ResumeProbe.expectExactlyOnce(child, what, sourceLocation: sourceLocation)
  }
}
