import Capstone
import CourseKit
import LegacyKit
import Testing

// Screen-level tests: stubs only. This file does not import PromiseKitLite.

@Suite("6.1 Screen-level tests first: the model on the new boundary", .exercise("6.1"))
@MainActor
struct Ex6_1_DashboardModelTests {
  static let ada = UserProfile(id: 1, displayName: "Ada")
  static let batches = (0..<3).map { ImageBatchLoader.batch($0, size: 2) }

  func sources(
    profile: Swift.Result<UserProfile, any Error> = .success(ada),
    articles: Swift.Result<[Article], any Error> = .success(Article.samples),
    delay: Duration = .zero, gauge: ConcurrencyGauge? = nil
  ) -> DashboardSources {
    DashboardSources(
      articles: StubArticleRepository(articles, delay: delay, gauge: gauge),
      profiles: StubProfileSource(profile, delay: delay, gauge: gauge),
      sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches))
  }

  func loaded(_ sources: DashboardSources) async -> DashboardModel {
    let model = DashboardModel(sources: sources, userID: 1)
    _ = try? await withDeadline("DashboardModel.load()") { await model.load() }
    return model
  }

  @Test("Every part of the screen loads: greeting, headlines, sync progress, gallery")
  func everythingLoads() async {
    let model = await loaded(sources())
    #expect(model.greeting == "Hello, Ada")
    #expect(
      model.headlines == Article.samples.filter(\.isPublished).map(\.title), "Show the published titles, in order.")
    #expect(model.syncProgress == 1.0, "Read the sync's stream to its end: the last value is the progress.")
    #expect(model.images == Self.batches.flatMap { $0 }, "Append every batch, in order.")
    #expect(model.errors.isEmpty)
  }

  @Test("A failed profile is reported, and the rest of the screen still loads")
  func profileFailureIsPartial() async {
    let model = await loaded(sources(profile: .failure(LegacyError.offline)))
    #expect(
      model.errors.count == 1 && model.errors.first?.contains("profile") == true, "One sentence naming the profile.")
    #expect(!model.headlines.isEmpty && !model.images.isEmpty, "One failed source must not blank the whole screen.")
  }

  @Test("Failed articles are reported, and the rest of the screen still loads")
  func articlesFailureIsPartial() async {
    let model = await loaded(sources(articles: .failure(LegacyError.server(status: 500))))
    #expect(
      model.errors.count == 1 && model.errors.first?.contains("articles") == true, "One sentence naming the articles.")
    #expect(model.greeting == "Hello, Ada" && model.syncProgress == 1.0)
  }

  @Test("The profile and the articles are requested at the same time")
  func requestsOverlap() async {
    let gauge = ConcurrencyGauge()
    _ = await loaded(sources(delay: .milliseconds(50), gauge: gauge))
    #expect(
      gauge.mostAtOnce == 2, "The two requests ran one after the other: start both with `async let`, then await them.")
  }
}
