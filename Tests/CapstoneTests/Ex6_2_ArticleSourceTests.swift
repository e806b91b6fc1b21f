import Capstone
import CourseCatalog
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

@Suite("6.2 Source 1: the promise singleton", .exercise("6.2"))
struct Ex6_2_ArticleSourceTests {
  let cloud = ArticleCloud()

  static let otherCloud =
    "The source never called the cloud passed to init(cloud:); it answered from another one, such as `.shared`: call the cloud it was given, never `.shared`. [shared-cloud]"

  func latest(refresh: Bool = false) async -> Swift.Result<[Article], any Error> {
    do {
      return .success(
        try await withDeadline("CloudArticleSource.latest(refresh:)") { [cloud] in
          try await CloudArticleSource(cloud: cloud).latest(refresh: refresh)
        })
    } catch { return .failure(error) }
  }

  @Test("The source asks the cloud it was given, passing refresh on", arguments: [false, true])
  func asksItsOwnCloud(refresh: Bool) async throws {
    // Articles that `.shared` never has: a source that reads another cloud cannot return them.
    let own = [Article(id: 41, title: "Only in this cloud")]
    cloud.articles.script(.succeed(own))
    let articles = try await latest(refresh: refresh).get()
    guard !cloud.articles.calls.isEmpty else {
      Issue.record(Comment(rawValue: Self.otherCloud))
      return
    }
    #expect(
      articles == own,
      "The articles did not come from the cloud passed to init(cloud:): call that cloud, never `.shared`. [shared-cloud]"
    )
    #expect(
      cloud.articles.calls == [refresh],
      "latest(refresh: \(refresh)) reached the cloud as \(cloud.articles.calls): pass `refresh` on as `forceRefresh`, once. [shared-cloud]"
    )
  }

  @Test("A fulfilled promise returns its articles")
  func fulfilled() async throws {
    #expect(
      try await latest().get() == Article.samples,
      "A fulfilled promise must return its articles: resume from `.done` with exactly what it received. [other-articles]"
    )
  }

  // Two tests, not one with two arguments: a source that never resumes fails both, and the verdict
  // lists tests by the line they are declared on, so it names the rejection first, every time. Each
  // runs in a child process: a source that resumes twice traps, and the trap fails this test alone.
  @Test("A rejected promise throws its own error, instead of leaving the screen waiting")
  func rejected() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.probeFailure(rejected: true)
      }
    }
    expectOneResume(
      child, "CloudArticleSource.latest(refresh:) on a rejected promise",
      ifHung: "The rejected promise never resumed the task: resume from `.catch(policy: .allErrors)` too. [done-only]",
      ifResumedTwice:
        "The rejected promise resumed the task twice: every way the promise settles resumes it exactly once, so resume from one `.catch(policy: .allErrors)`, never from a second `.catch` beside the first. [two-catches]"
    )
  }

  @Test("A cancelled promise throws its cancellation, instead of leaving the screen waiting")
  func cancelled() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Self.probeFailure(rejected: false)
      }
    }
    expectOneResume(
      child, "CloudArticleSource.latest(refresh:) on a cancelled promise",
      ifHung: "The cancelled promise never resumed the task: resume from `.catch(policy: .allErrors)` too. [done-only]",
      ifResumedTwice:
        "The cancelled promise resumed the task twice: every way the promise settles resumes it exactly once, so resume from one `.catch(policy: .allErrors)`, never from a second `.catch` beside the first. [two-catches]"
    )
  }

  @Test("Exactly one resume when the promise fulfills, rejects, or is cancelled, proved in a child process")
  func exactlyOnce() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(
          Script.succeed(Article.samples).fromBackground, Script.fail(LegacyError.offline).fromBackground,
          Script.fail(PMKError.cancelled).fromBackground)
        await ResumeProbe.run {
          let source = CloudArticleSource(cloud: cloud)
          for _ in 0..<3 { _ = try? await source.latest(refresh: false) }
        }
      }
    }
    expectOneResume(
      child, "CloudArticleSource.latest(refresh:), one call per way the promise settles",
      ifResumedTwice:
        "A way the promise settles resumed the task twice: every way resumes it exactly once, from one `.done` and one `.catch(policy: .allErrors)`. [two-catches]"
    )
  }

  /// In a child process: a rejected (or cancelled) promise must throw its own error; a probe failure says why not.
  static func probeFailure(rejected: Bool) async {
    let path = rejected ? "rejected" : "cancelled"
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(rejected ? LegacyError.offline : PMKError.cancelled))
    await ResumeProbe.run {
      let result: Swift.Result<[Article], any Error>
      do { result = .success(try await CloudArticleSource(cloud: cloud).latest(refresh: false)) } catch {
        result = .failure(error)
      }
      // A source that asks another cloud never sees this one's failure: that is the one cause to name.
      guard !cloud.articles.calls.isEmpty else { throw ResumeProbe.ProbeFailure(otherCloud) }
      switch result {
      case .success(let articles):
        throw ResumeProbe.ProbeFailure(
          "The \(path) promise returned \(articles.count) articles instead of throwing: a failure turned into a list hides it from the screen, which then shows nothing and no error. Resume by throwing the promise's error. [empty-on-error]"
        )
      case .failure(let error):
        let own =
          rejected
          ? (error as? LegacyError) == .offline
          : { if case .cancelled = error as? PMKError { true } else { false } }()
        guard own else {
          throw ResumeProbe.ProbeFailure(
            "The \(path) promise threw \(error), not the promise's own error: resume throwing what `.catch` received, so the screen can say what failed. [empty-on-error]"
          )
        }
      }
    }
  }
}

/// Records the child's fate as `ResumeProbe.expectExactlyOnce` does, but a second resume with the
/// lesson's sentence, `ifResumedTwice`, and the kit's words (the runtime's included) in brackets.
private func expectOneResume(
  _ child: ExitTest.Result?, _ what: String, ifHung: String? = nil, ifResumedTwice: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let verdict = ResumeProbe.verdict(of: child)
  if case .resumedTwice = verdict, let words = ResumeProbe.explain(verdict, what) {
    Issue.record(
      Comment(rawValue: AntiPattern.adding("(\(words))", to: ifResumedTwice)), sourceLocation: sourceLocation)
  } else if let ifHung {
    ResumeProbe.expectExactlyOnce(child, what, ifHung: ifHung, sourceLocation: sourceLocation)
  } else {
    ResumeProbe.expectExactlyOnce(child, what, sourceLocation: sourceLocation)
  }
}
