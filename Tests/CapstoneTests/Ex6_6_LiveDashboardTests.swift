import Capstone
import CourseKit
import LegacyKit
import Testing

@Suite("6.6 Wire the live screen, and leave the old one working", .exercise("6.6"))
@MainActor
struct Ex6_6_LiveDashboardTests {
  @Test("The live dashboard loads every part from the legacy services, through the four adapters")
  func liveScreenLoads() async throws {
    let cloud = ArticleCloud()
    let profiles = UserProfileService()
    cloud.articles.script(Script.succeed(Article.samples).fromBackground)
    profiles.script(Script.succeed(UserProfile(id: 1, displayName: "Ada")).fromBackground)
    let live = liveDashboardSources(
      cloud: cloud, profiles: profiles, makeDownload: { ProgressDownload() },
      makeLoader: { ImageBatchLoader(delegate: $0, plan: .init(batches: 3, imagesPerBatch: 2)) })
    let sources = try #require(live, "liveDashboardSources must build the sources from the four adapters.")
    let model = DashboardModel(sources: sources, userID: 1)
    _ = try? await withDeadline(seconds: 2, "the live DashboardModel.load()") { await model.load() }
    #expect(model.greeting == "Hello, Ada")
    #expect(model.headlines == Article.samples.filter(\.isPublished).map(\.title))
    #expect(model.syncProgress == 1.0)
    #expect(model.images.count == 6)
    #expect(model.errors.isEmpty, "\(model.errors)")
  }

  @Test("The legacy dashboard is untouched, and still works beside the new one")
  func legacyStillWorks() async throws {
    _ = liveDashboardSources(
      cloud: ArticleCloud(), profiles: UserProfileService(), makeDownload: { ProgressDownload() },
      makeLoader: { ImageBatchLoader(delegate: $0) })
    let legacy = LegacyDashboardPresenter(
      cloud: ArticleCloud(), profiles: UserProfileService(), download: ProgressDownload())
    try await withDeadline("the legacy presenter's load") {
      await withCheckedContinuation { continuation in legacy.load(userID: 1) { continuation.resume() } }
    }
    #expect(legacy.lines.contains("Hello, User 1"))
  }
}
