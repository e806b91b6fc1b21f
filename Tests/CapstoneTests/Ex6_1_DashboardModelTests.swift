import Capstone
import CourseKit
import LegacyKit
import Locking
import Testing

// Screen-level tests: stubs only. This file does not import PromiseKitLite.

@Suite("6.1 Screen-level tests first: the model on the new boundary", .exercise("6.1"))
@MainActor
struct Ex6_1_DashboardModelTests {
  static let ada = UserProfile(id: 1, displayName: "Ada")
  static let batches = (0..<3).map { ImageBatchLoader.batch($0, size: 2) }
  static let published = Article.samples.filter(\.isPublished).map(\.title)

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

  /// What `model` shows the moment its `load()` returns, or `nil` (with the lesson's sentence) when it never does.
  ///
  /// The screen is read in the same turn of the main actor as `load()`'s return, so work that `load()` left
  /// to a `Task { }` has had no chance to run: what a view redrawn on return would show.
  func shown(after model: DashboardModel, sourceLocation: SourceLocation = #_sourceLocation) async -> Shown? {
    try? await withDeadline(
      "DashboardModel.load()",
      ifHung: "load() never returned, though every request answered and every stream ended.",
      sourceLocation: sourceLocation
    ) { @MainActor in
      await model.load()
      return Shown(model)
    }
  }

  func loaded(_ sources: DashboardSources) async -> Shown? {
    await shown(after: DashboardModel(sources: sources, userID: 1))
  }

  /// Reports parts of the screen left empty when the `failing` source failed: as the failure's doing
  /// only if the same parts load when nothing fails, so a screen filled too late is not blamed on it.
  func reportBlank(
    whenFailing failing: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ filled: (Shown) -> Bool
  ) async {
    guard let control = await loaded(sources()) else { return }
    if filled(control) {
      Issue.record(
        "One failed source must not blank the whole screen: the \(failing) failed, and the rest of the screen went blank with it.",
        sourceLocation: sourceLocation)
    } else {
      Issue.record(
        "The rest of the screen was not filled when load() returned, even with nothing failing, which \"Every part of the screen loads\" explains: the failure of the \(failing) is not its cause.",
        sourceLocation: sourceLocation)
    }
  }

  @Test("Every part of the screen loads: greeting, headlines, sync progress, gallery")
  func everythingLoads() async {
    guard let shown = await loaded(sources()) else { return }
    #expect(shown.greeting == "Hello, Ada", "The greeting is \"\(shown.greeting)\": show \"Hello, \" and the name.")
    #expect(shown.headlines == Self.published, "Show the published titles, in order.")
    #expect(
      shown.syncProgress == 1.0,
      "When load() returned, the sync's progress was \(shown.syncProgress), not its last value 1.0: read the stream to its end inside load(), with for await (a loop in a Task { } runs after load() has returned)."
    )
    #expect(
      shown.images == Self.batches.flatMap { $0 },
      "When load() returned, the gallery showed \(shown.images.count) of 6 images: append every batch, in order, inside load()."
    )
    #expect(shown.errors.isEmpty, "Every source answered, yet errors says \(shown.errors).")
  }

  @Test("A failed profile is reported, and the rest of the screen still loads")
  func profileFailureIsPartial() async {
    guard let shown = await loaded(sources(profile: .failure(LegacyError.offline))) else { return }
    #expect(
      shown.errors.count == 1 && shown.errors.first?.contains("profile") == true,
      "The profile failed: add one sentence naming the profile to errors (errors says \(shown.errors)).")
    if shown.headlines.isEmpty || shown.images.isEmpty {
      await reportBlank(whenFailing: "profile") { !$0.headlines.isEmpty && !$0.images.isEmpty }
    }
    #expect(
      shown.greeting.isEmpty,
      "The profile failed, yet the greeting shows \"\(shown.greeting)\": leave it as it was, and report the failure in errors; never invent a profile."
    )
  }

  @Test("Failed articles are reported, and the rest of the screen still loads")
  func articlesFailureIsPartial() async {
    guard let shown = await loaded(sources(articles: .failure(LegacyError.server(status: 500)))) else { return }
    #expect(
      shown.errors.count == 1 && shown.errors.first?.contains("articles") == true,
      "The articles failed: add one sentence naming the articles to errors (errors says \(shown.errors)).")
    if shown.greeting != "Hello, Ada" || shown.syncProgress != 1.0 {
      await reportBlank(whenFailing: "articles") { $0.greeting == "Hello, Ada" && $0.syncProgress == 1.0 }
    }
  }

  @Test("A reload that fails keeps what the screen showed, and says why")
  func failedReloadKeepsTheScreen() async {
    // The first load answers; the reload finds both requests failing, as on a train going into a tunnel.
    let flaky = AnswersOnceThenOffline(profile: Self.ada, articles: Article.samples)
    let model = DashboardModel(
      sources: DashboardSources(
        articles: flaky, profiles: flaky, sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches)),
      userID: 1)
    guard let first = await shown(after: model), let second = await shown(after: model) else { return }
    #expect(first.greeting == "Hello, Ada" && first.headlines == Self.published, "The first load must show everything.")
    #expect(
      second.greeting == first.greeting && second.headlines == first.headlines,
      "The reload failed, and it blanked what the first load had shown (now \"\(second.greeting)\" and \(second.headlines.count) headlines): leave each part as it was when its source fails."
    )
    #expect(
      second.errors.contains { $0.contains("profile") } && second.errors.contains { $0.contains("articles") },
      "The reload failed, but errors does not name both sources (\(second.errors)): add one sentence per failed source."
    )
  }

  @Test("The profile and the articles are requested at the same time")
  func requestsOverlap() async {
    let gauge = ConcurrencyGauge()
    _ = await loaded(sources(delay: .milliseconds(50), gauge: gauge))
    #expect(
      gauge.mostAtOnce == 2, "The two requests ran one after the other: start both with `async let`, then await them.")
  }
}

/// What the dashboard shows: its properties, read together.
struct Shown: Sendable {
  var greeting: String
  var headlines: [String]
  var syncProgress: Double
  var images: [UIImage]
  var errors: [String]

  @MainActor init(_ model: DashboardModel) {
    greeting = model.greeting
    headlines = model.headlines
    syncProgress = model.syncProgress
    images = model.images
    errors = model.errors
  }
}

/// A profile source and article repository that answer the first call, then fail every later one.
final class AnswersOnceThenOffline: ArticleRepository, ProfileSource {
  let profile: UserProfile
  let articles: [Article]
  private let calls = Locked((profiles: 0, articles: 0))

  init(profile: UserProfile, articles: [Article]) {
    self.profile = profile
    self.articles = articles
  }

  func profile(id: Int) async throws -> UserProfile {
    let first = calls.withLock {
      $0.profiles += 1; return $0.profiles == 1
    }
    guard first else { throw LegacyError.offline }
    return profile
  }

  func latest(refresh: Bool) async throws -> [Article] {
    let first = calls.withLock {
      $0.articles += 1; return $0.articles == 1
    }
    guard first else { throw LegacyError.offline }
    return articles
  }
}
