import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("3.2 Promise to async throws", .exercise("3.2"))
struct Ex3_2_PromiseAdapterTests {
  let cloud = ArticleCloud()

  @Test("A fulfilled promise returns its articles, and the refresh flag reaches the cloud, whichever it is")
  func returnsArticles() async throws {
    let articles = try await withDeadline("ArticleCloudRepository.latest(refresh:)") { [cloud] in
      try await ArticleCloudRepository(cloud: cloud).latest(refresh: true)
    }
    #expect(articles == Article.samples, "A fulfilled promise's articles must be returned. [other-articles]")
    // Both values, one call each: a constant in place of `refresh` passes one of them only.
    _ = try await withDeadline("ArticleCloudRepository.latest(refresh: false)") { [cloud] in
      try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)
    }
    #expect(
      cloud.articles.calls == [true, false],
      "Pass `refresh` on as `forceRefresh`, and call the cloud once per call: asked with `refresh: true`, then `false`, the cloud was called with \(cloud.articles.calls). [refresh-not-passed]"
    )
  }

  // A rejection runs every `catch` of the chain: code that resumes from two of them traps, so
  // this check runs in a child process, where the trap fails this test and nothing else.
  @Test("A rejected promise throws its own error, instead of leaving the awaiting task hanging forever")
  func rejectionThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.fail(LegacyError.server(status: 503)).fromBackground)
        await ResumeProbe.run {
          let outcome: Swift.Result<[Article], any Error>
          do { outcome = .success(try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)) } catch {
            outcome = .failure(error)
          }
          switch outcome {
          case .success:
            throw ResumeProbe.ProbeFailure(
              "a rejected promise must make latest(refresh:) throw, not return [swallow-error]")
          case .failure(let error as LegacyError) where error == .server(status: 503): break
          case .failure(let error):
            throw ResumeProbe.ProbeFailure(
              "Throw the promise's own error, so the caller can tell a cancellation from a failure: it threw \(error). [generic-error]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ArticleCloudRepository.latest(refresh:) on a rejected promise",
      ifHung:
        "A chain with only `.done` never resumes when the promise rejects: the awaiting task hangs forever. Resume from `.catch` too. [done-only]"
    )
  }

  @Test(
    "A promise nobody will ever settle is reported by the runtime: the continuation is checked, proved in a child process"
  )
  func checkedContinuation() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(.never)  // the cloud drops its callback: the promise is released, never settled
        await ResumeProbe.run(within: 0.5) {
          _ = try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)
        }
      }
    }
    switch ResumeProbe.verdict(of: child) {
    case .leaked: break
    case .neverResumed:
      Issue.record(
        "The continuation is checked: when the promise is released without settling, only a checked continuation says \"leaked its continuation\". Here the runtime said nothing and the task just hung: an unsafe continuation stays silent. [unsafe-continuation]"
      )
    default:
      ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:) given a promise that never settles")
    }
  }

  @Test("A cancelled promise throws its cancellation too: catch skips cancellations unless told otherwise")
  func cancellationThrows() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.fail(PMKError.cancelled).fromBackground)
        await ResumeProbe.run {
          let outcome: Swift.Result<[Article], any Error>
          do { outcome = .success(try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)) } catch {
            outcome = .failure(error)
          }
          switch outcome {
          case .success:
            throw ResumeProbe.ProbeFailure(
              "a cancelled promise must make latest(refresh:) throw, not return [swallow-error]")
          case .failure(let error) where error.isCancelled: break
          case .failure(let error):
            throw ResumeProbe.ProbeFailure(
              "Throw the promise's own error, so the caller can tell a cancellation from a failure: a cancellation came out as \(error). [generic-error]"
            )
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ArticleCloudRepository.latest(refresh:) on a cancelled promise",
      ifHung:
        "`catch` skips cancellations by default, so a cancelled request never resumes the continuation: use `.catch(policy: .allErrors)`. [default-catch-policy]"
    )
  }

  @Test(
    "The task resumes while the main queue is busy, whether the promise fulfills or rejects, proved in a child process")
  func noMainQueueHop() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(
          Script.succeed(Article.samples).fromBackground, Script.fail(LegacyError.offline).fromBackground)
        await ResumeProbe.run(within: 5) {
          for path in ["a fulfilled", "a rejected"] {
            do {
              _ = try await withMainQueueHeld("latest(refresh:) on \(path) promise") {
                try await ArticleCloudRepository(cloud: cloud).latest(refresh: false)
              }
            } catch let error as DeadlineExceeded {
              throw ResumeProbe.ProbeFailure(
                "Resume where the promise settles, with `on: nil`: handlers on their default queue, the main queue, never run while legacy code holds the main queue waiting for this very result. (\(error)) [main-queue-handlers]"
              )
            } catch {}
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:) with the main queue busy")
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
          let repository = ArticleCloudRepository(cloud: cloud)
          for _ in 0..<3 { _ = try? await repository.latest(refresh: false) }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:)")
  }

  // A rejection runs every `catch` of the chain, so a chain with two resuming `catch`es traps on it;
  // the trap is read here as that mistake, in the child, where it fails this test and nothing else.
  @Test("A rejected promise resumes the task from one `catch`, not two, proved in a child process")
  func oneCatchResumes() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        let cloud = ArticleCloud()
        cloud.articles.script(Script.fail(LegacyError.offline).fromBackground)
        await ResumeProbe.run { _ = try? await ArticleCloudRepository(cloud: cloud).latest(refresh: false) }
      }
    }
    guard case .resumedTwice(let message) = ResumeProbe.verdict(of: child) else {
      ResumeProbe.expectExactlyOnce(
        child, "ArticleCloudRepository.latest(refresh:) on a rejected promise",
        ifHung:
          "A chain with only `.done` never resumes when the promise rejects: the awaiting task hangs forever. Resume from `.catch` too. [done-only]"
      )
      return
    }
    Issue.record(
      "One resume whether the promise fulfills, rejects or is cancelled: a rejection runs every `catch` of the chain, and two of them resumed the continuation, so the runtime trapped. Resume from one `.catch(on: nil, policy: .allErrors)`. The runtime said: \(message) [two-catches]"
    )
  }
}
