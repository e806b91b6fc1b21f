import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("3.2 Promise to async throws", .exercise("3.2"))
struct Ex3_2_PromiseAdapterTests {
  let cloud = ArticleCloud()

  func latest(_ what: String = "ArticleCloudRepository.latest(refresh:)", refresh: Bool = false) async throws
    -> [Article]
  {
    try await withDeadline(what) { [cloud] in try await ArticleCloudRepository(cloud: cloud).latest(refresh: refresh) }
  }

  @Test("A fulfilled promise returns its articles, and the refresh flag reaches the cloud")
  func returnsArticles() async throws {
    #expect(try await latest(refresh: true) == Article.samples)
    #expect(cloud.articles.calls == [true])
  }

  @Test("A rejected promise throws its error, instead of leaving the awaiting task hanging forever")
  func rejectionThrows() async throws {
    cloud.articles.script(Script.fail(LegacyError.server(status: 503)).fromBackground)
    do {
      _ = try await latest("ArticleCloudRepository.latest(refresh:) on a rejected promise")
      Issue.record("A rejected promise must make latest(refresh:) throw.")
    } catch let error as DeadlineExceeded {
      Issue.record(
        "\(error) A chain with only `.done` never resumes when the promise rejects: the awaiting task hangs forever. Resume from `.catch` too."
      )
    } catch {
      #expect(error as? LegacyError == .server(status: 503), "Throw the promise's own error.")
    }
  }

  @Test("A cancelled promise throws too: catch skips cancellations unless told otherwise")
  func cancellationThrows() async throws {
    cloud.articles.script(.fail(PMKError.cancelled))
    do {
      _ = try await latest("ArticleCloudRepository.latest(refresh:) on a cancelled promise")
      Issue.record("A cancelled promise must make latest(refresh:) throw.")
    } catch let error as DeadlineExceeded {
      Issue.record(
        "\(error) `catch` skips cancellations by default, so a cancelled request never resumes the continuation: use `.catch(policy: .allErrors)`."
      )
    } catch {
      #expect(error.isCancelled, "Throw the cancellation, so the caller can tell it from a failure.")
    }
  }

  @Test("Exactly one resume when the promise fulfills, rejects, or is cancelled, proved in a child process")
  func exactlyOnce() async {
    let child = await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
      let cloud = ArticleCloud()
      cloud.articles.script(
        Script.succeed(Article.samples).fromBackground, Script.fail(LegacyError.offline).fromBackground,
        Script.fail(PMKError.cancelled).fromBackground)
      await ResumeProbe.run {
        let repository = ArticleCloudRepository(cloud: cloud)
        for _ in 0..<3 { _ = try? await repository.latest(refresh: false) }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ArticleCloudRepository.latest(refresh:)")
  }
}
