import Capstone
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

@Suite("6.2 Source 1: the promise singleton", .exercise("6.2"))
struct Ex6_2_ArticleSourceTests {
  let cloud = ArticleCloud()

  func latest() async -> Swift.Result<[Article], any Error> {
    do {
      return .success(
        try await withDeadline("CloudArticleSource.latest(refresh:)") { [cloud] in
          try await CloudArticleSource(cloud: cloud).latest(refresh: false)
        })
    } catch { return .failure(error) }
  }

  @Test("A fulfilled promise returns its articles")
  func fulfilled() async throws {
    #expect(try await latest().get() == Article.samples)
  }

  @Test(
    "A rejected or cancelled promise throws, instead of leaving the screen waiting",
    arguments: ["rejected", "cancelled"])
  func rejected(path: String) async {
    cloud.articles.script(.fail(path == "rejected" ? LegacyError.offline : PMKError.cancelled))
    let result = await latest()
    #expect(
      !(result.failure is DeadlineExceeded),
      "The \(path) promise never resumed the task: resume from `.catch(policy: .allErrors)` too.")
    #expect(result.failure != nil)
  }
}
