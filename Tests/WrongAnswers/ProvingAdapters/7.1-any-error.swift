// Wrong answer to exercise 7.1 · any-error
// Mistake: "On the failure path the adapter must throw; which error it throws is its own business, so I only
//   check that the call threw."
// Anti-pattern: any-error
// Failure says: Your tests pass an adapter that throws an error of its own instead of the cloud's

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  /// Articles that no default answer holds: a test that gets them back knows they came from its own cloud.
  let scripted = [Article(id: 71, title: "Scripted for this test"), Article(id: 72, title: "And this one")]

  @Test("The success path returns the cloud's articles, asked with the flag given")
  func successPath() async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.succeed(scripted))
    let repository = ArticleCloudRepository(cloud: cloud)
    let fresh = try await withDeadline("latest(refresh: true)") { try await repository.latest(refresh: true) }
    let cached = try await withDeadline("latest(refresh: false)") { try await repository.latest(refresh: false) }
    #expect(fresh == scripted)
    #expect(cached == scripted)
    #expect(cloud.articles.calls == [true, false])
  }

  @Test("A rejected promise makes the call throw", arguments: [LegacyError.offline, .server(status: 503)])
  func failurePath(error: LegacyError) async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(error))
    let repository = ArticleCloudRepository(cloud: cloud)
    let threw = try await withDeadline("latest(refresh:) of a rejected promise") { () -> Bool in
      do {
        _ = try await repository.latest(refresh: false)
        return false
      } catch {
        return true
      }
    }
    #expect(threw)
  }

  @Test("A cancelled promise makes the call throw")
  func cancellation() async throws {
    let cloud = ArticleCloud()
    cloud.articles.script(.fail(PMKError.cancelled))
    let repository = ArticleCloudRepository(cloud: cloud)
    let threw = try await withDeadline("latest(refresh:) of a cancelled promise") { () -> Bool in
      do {
        _ = try await repository.latest(refresh: false)
        return false
      } catch {
        return true
      }
    }
    #expect(threw)
  }
}
