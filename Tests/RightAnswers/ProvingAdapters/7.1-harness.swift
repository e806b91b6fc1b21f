// Right answer to exercise 7.1 · harness
// Style: a small harness builds each test's scripted cloud and repository, awaits under a deadline, reads its calls.

import LegacyKit
import PromiseKitLite
import ProvingAdaptersSubjects
import ProvingKit
import Testing

@Suite("7.1 Both paths of a promise adapter")
struct Ex7_1_PromiseAdapterTests {
  /// One test's fixture: a cloud of its own, scripted, and the adapter over it.
  struct Harness {
    let cloud = ArticleCloud()
    let repository: ArticleCloudRepository

    /// A fresh cloud that answers every call with `script`.
    init(_ script: Script<[Article]>) {
      cloud.articles.script(script)
      repository = ArticleCloudRepository(cloud: cloud)
    }

    /// The `forceRefresh` flag of every call the cloud heard, in order.
    var asked: [Bool] { cloud.articles.calls }

    /// `latest(refresh:)`, under a deadline: an adapter that never resumes fails the test instead of hanging it.
    func latest(refresh: Bool) async throws -> [Article] {
      let repository = repository
      return try await withDeadline("latest(refresh: \(refresh))") { try await repository.latest(refresh: refresh) }
    }
  }

  /// Articles no default answer holds: getting them back proves they came from this test's own cloud.
  static let fromTheCloud = [
    Article(id: 701, title: "Only this cloud has it"),
    Article(id: 702, title: "Nor this one", isPublished: false),
  ]

  @Test(
    "Success returns exactly the cloud's articles, and asks the cloud with the flag given", arguments: [true, false])
  func success(refresh: Bool) async throws {
    let harness = Harness(.succeed(Self.fromTheCloud))
    let articles = try await harness.latest(refresh: refresh)
    #expect(articles == Self.fromTheCloud)
    #expect(harness.asked == [refresh])
  }

  @Test("Both flags reach one cloud as given, one call each, in order")
  func bothFlagsInTurn() async throws {
    let harness = Harness(.succeed(Self.fromTheCloud))
    #expect(try await harness.latest(refresh: false) == Self.fromTheCloud)
    #expect(try await harness.latest(refresh: true) == Self.fromTheCloud)
    #expect(harness.asked == [false, true])
  }

  @Test(
    "A rejected promise throws the cloud's own error",
    arguments: [LegacyError.offline, .server(status: 503), .unauthorized, .cancelled])
  func failure(error: LegacyError) async {
    let harness = Harness(.fail(error))
    await #expect(throws: error) { try await harness.latest(refresh: true) }
    #expect(harness.asked == [true])
  }

  @Test("A promise rejected with a cancellation throws that cancellation")
  func cancellation() async {
    let harness = Harness(.fail(PMKError.cancelled))
    let thrown = await #expect(throws: PMKError.self) { try await harness.latest(refresh: false) }
    #expect(thrown?.isCancelled == true)
    #expect(harness.asked == [false])
  }
}
