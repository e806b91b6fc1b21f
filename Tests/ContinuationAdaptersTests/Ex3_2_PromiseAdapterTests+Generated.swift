import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_2_PromiseAdapterTests {
  @Test(
    "On promises settled every way (feeds with repeats, drafts and ids in any order, any error, each kind of cancellation) and either flag, latest(refresh:) does what the reference does, proved in a child process"
  )
  func generatedSettlements() async {
    // In a child: two catches that both resume trap, and must fail this test alone, with the runtime's words.
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) {
          let failure = await Generated.check(Gen.articlesCall, describe: Said.call) { call in
            let mine = await Ex3_2_PromiseAdapterTests.ask(call) {
              try await ContinuationAdapters.ArticleCloudRepository(cloud: $0).latest(refresh: $1)
            }
            let reference = await Ex3_2_PromiseAdapterTests.ask(call) {
              try await ContinuationAdaptersReference.ArticleCloudRepository(cloud: $0).latest(refresh: $1)
            }
            return Ex3_2_PromiseAdapterTests.difference(call, mine, reference)
          }
          if let failure { throw failure.probeFailure }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ArticleCloudRepository.latest(refresh:) on promises settled every way",
      ifHung:
        "On one of the promises drawn, latest(refresh:) never resumed: resume from `.done` and from one `.catch(on: nil, policy: .allErrors)`, so that every way the promise settles, a cancellation of any kind too, resumes the task once, which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation too\" explains. [done-only] [default-catch-policy]"
    )
  }

  /// How the learner's call differs from the reference's, in a sentence; `nil` when it does not.
  static func difference(
    _ call: ArticlesCall, _ mine: (outcome: Swift.Result<[Article], any Error>, calls: [Bool]),
    _ reference: (outcome: Swift.Result<[Article], any Error>, calls: [Bool])
  ) -> String? {
    if mine.calls != reference.calls {
      return
        "Asked with refresh \(call.refresh), the adapter called the cloud with \(mine.calls), where it passes `refresh` on as `forceRefresh`, in one call, \(reference.calls), which \"A fulfilled promise returns its articles\" explains. [refresh-not-passed]"
    }
    switch (call.answer, mine.outcome) {
    case (.success(let sent), .success(let returned)) where returned != sent:
      return
        "The promise fulfilled with the feed \(Said.feed(sent)), and latest(refresh:) returned \(Said.feed(returned)): a fulfilled promise returns its articles, as they came, drafts, repeats and order too, which \"A fulfilled promise returns its articles\" explains. [other-articles]"
    case (.success(let sent), .failure(let error)):
      return
        "The promise fulfilled with the feed \(Said.feed(sent)), and latest(refresh:) threw \(Said.error(error)): a fulfilled promise returns its articles, which \"A fulfilled promise returns its articles\" explains. [other-articles]"
    case (.failure(let sent), .success(let returned)):
      return
        "The promise was rejected with \(Said.error(sent)), and latest(refresh:) returned \(Said.feed(returned)): a rejected or cancelled promise throws, whatever its error; it never returns, which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation too\" explains. [swallow-error]"
    case (.failure(let sent), .failure(let thrown))
    where Said.outcome(mine.outcome) != Said.outcome(reference.outcome):
      return
        "The promise was rejected with \(Said.error(sent)), and latest(refresh:) threw \(Said.error(thrown)): throw the promise's own error, unchanged, whatever its kind, a cancellation too, so the caller can tell a cancellation from a failure, which \"A rejected promise throws its own error\" or \"A cancelled promise throws its cancellation too\" explains. [generic-error]"
    default:
      return nil
    }
  }

  /// What `latest` returned or threw, asked with `call.refresh` of a cloud of its own whose promise
  /// settles as `call` says, and the flags the cloud was called with.
  static func ask(
    _ call: ArticlesCall, _ latest: @Sendable (ArticleCloud, Bool) async throws -> [Article]
  ) async -> (outcome: Swift.Result<[Article], any Error>, calls: [Bool]) {
    let cloud = ArticleCloud()
    switch call.answer {
    case .success(let articles): cloud.articles.script(Script.succeed(articles).fromBackground)
    case .failure(let error): cloud.articles.script(Script.fail(error).fromBackground)
    }
    do {
      return (.success(try await latest(cloud, call.refresh)), cloud.articles.calls)
    } catch {
      return (.failure(error), cloud.articles.calls)
    }
  }
}
