import Capstone
import CourseKit
import Dispatch
import LegacyKit
import Locking
import Testing

@Suite("6.6 Wire the live screen, and leave the old one working", .exercise("6.6"))
@MainActor
struct Ex6_6_LiveDashboardTests {
  @Test("The live dashboard loads every part from the legacy services, through the four adapters")
  func liveScreenLoads() async throws {
    // Every service answers with what no default instance has (not `.shared`'s articles, not a new
    // service's "User 1", not a default download's or loader's plan), so each part of the screen
    // shows which service it came from.
    let cloud = ArticleCloud()
    let profiles = UserProfileService()
    let articles = [
      Article(id: 41, title: "Only in this cloud"), Article(id: 42, title: "Unpublished", isPublished: false),
    ]
    cloud.articles.script(Script.succeed(articles).fromBackground)
    profiles.script(Script.succeed(UserProfile(id: 1, displayName: "Ada")).fromBackground)
    let made = Locked((downloads: 0, loaders: 0))
    let live = liveDashboardSources(
      cloud: cloud, profiles: profiles,
      makeDownload: {
        made.withLock { $0.downloads += 1 }
        return ProgressDownload(plan: .init(progress: [0.3, 0.9], outcome: .success(1)))
      },
      makeLoader: {
        made.withLock { $0.loaders += 1 }
        return ImageBatchLoader(delegate: $0, plan: .init(batches: 5, imagesPerBatch: 1))
      })
    let sources = try #require(
      live, "liveDashboardSources must build the sources from the four adapters. [shared-cloud]")
    let model = DashboardModel(sources: sources, userID: 1)
    _ = try? await withDeadline(seconds: 2, "the live DashboardModel.load()") { await model.load() }
    #expect(model.errors.isEmpty, "The live screen reported errors: \(model.errors) [shared-cloud]")
    #expect(
      model.greeting == "Hello, Ada",
      "The greeting is \"\(model.greeting)\", not the profile the given service answered with: build ServiceProfileSource over the `profiles` passed in. [shared-cloud]"
    )
    #expect(
      model.headlines == ["Only in this cloud"],
      "The headlines are \(model.headlines), not the given cloud's: build CloudArticleSource over the `cloud` passed in, never `.shared`. [shared-cloud]"
    )
    #expect(
      model.syncProgress == 0.9 && made.withLock({ $0.downloads }) == 1,
      "The sync ended at \(model.syncProgress) after \(made.withLock { $0.downloads }) downloads made by makeDownload: build DownloadSyncSource with the `makeDownload` passed in. [shared-cloud]"
    )
    #expect(
      model.images.count == 5 && made.withLock({ $0.loaders }) == 1,
      "The gallery showed \(model.images.count) images after \(made.withLock { $0.loaders }) loaders made by makeLoader: build LoaderGallerySource with the `makeLoader` passed in. [shared-cloud]"
    )
  }

  /// The live model over a cloud of one article and a profile service that answers "Ada", both from a
  /// background queue, its syncs and gallery loads made by `makeDownload` and `makeLoader`.
  static func liveModel(
    makeDownload: @escaping @Sendable () -> ProgressDownload,
    makeLoader: @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
  ) throws -> DashboardModel {
    let cloud = ArticleCloud()
    let profiles = UserProfileService()
    cloud.articles.script(Script.succeed([Article(id: 41, title: "Only in this cloud")]).fromBackground)
    profiles.script(Script.succeed(UserProfile(id: 1, displayName: "Ada")).fromBackground)
    let live = liveDashboardSources(
      cloud: cloud, profiles: profiles, makeDownload: makeDownload, makeLoader: makeLoader)
    let sources = try #require(
      live, "liveDashboardSources must build the sources from the four adapters. [shared-cloud]")
    return DashboardModel(sources: sources, userID: 1)
  }

  /// The live model over ``liveModel(makeDownload:makeLoader:)``'s services, and a count of the downloads
  /// (each reporting 0.3, then 0.9) and loaders (three batches of one image) its factories made.
  static func countingModel() throws -> (DashboardModel, Locked<(downloads: Int, loaders: Int)>) {
    let made = Locked((downloads: 0, loaders: 0))
    let model = try liveModel(
      makeDownload: {
        made.withLock { $0.downloads += 1 }
        return ProgressDownload(plan: .init(progress: [0.3, 0.9], outcome: .success(1)))
      },
      makeLoader: {
        made.withLock { $0.loaders += 1 }
        return ImageBatchLoader(delegate: $0, plan: .init(batches: 3, imagesPerBatch: 1))
      })
    return (model, made)
  }

  @Test("Building the sources makes no download and no loader: each is made when its sync or gallery load starts")
  func nothingMadeAhead() async throws {
    let (model, made) = try Self.countingModel()
    let ahead = made.withLock { $0 }
    _ = try? await withDeadline(seconds: 2, "the live DashboardModel.load()") { await model.load() }
    let afterLoad = made.withLock { $0 }
    _ = try? await withDeadline(seconds: 2, "a reload of the live DashboardModel") { await model.load() }
    let afterReload = made.withLock { $0 }
    // One download made ahead and handed to every sync makes none later: "A reload syncs with a
    // download of its own" says so. Here, the first of several made ahead of its sync.
    let madeAhead = [
      (ahead.downloads, afterReload.downloads, "download(s)"), (ahead.loaders, afterReload.loaders, "loader(s)"),
    ].filter { ahead, later, _ in ahead > 0 && later > ahead }
    #expect(
      madeAhead.isEmpty,
      "Building the sources made \(madeAhead.map { "\($0.0) \($0.2)" }.joined(separator: " and ")) before any load, and later loads made their own: the first sync or gallery load ran on one made ahead, not made when it started, as the header asks, and a screen that never loads still holds it. Call the factory inside the source, when the sync or the gallery load starts. [download-made-once]"
    )
    #expect(
      afterLoad.downloads <= 1 && afterLoad.loaders <= 1,
      "One load made \(afterLoad.downloads) download(s) and \(afterLoad.loaders) loader(s): each sync and each gallery load makes one of its own when it starts, and nothing for the next. [download-made-once]"
    )
  }

  @Test("A reload syncs with a download of its own, and loads the gallery with a loader of its own")
  func reloadMakesItsOwn() async throws {
    let (model, made) = try Self.countingModel()
    for load in 1...2 {
      _ = try? await withDeadline(seconds: 2, "load \(load) of the live DashboardModel") { await model.load() }
    }
    let counts = made.withLock { $0 }
    #expect(
      counts.downloads == 2 && model.syncProgress == 0.9,
      "Two loads made \(counts.downloads) download(s) with makeDownload, and the sync ended at \(model.syncProgress): a download made once and handed to every sync is already finished when the reload syncs it. Each sync makes a download of its own when it starts, which \"The live dashboard loads every part\" explains. [download-made-once]"
    )
    #expect(
      counts.loaders == 2 && model.images.count == 3,
      "Two loads made \(counts.loaders) loader(s) with makeLoader, and the gallery shows \(model.images.count) images: each gallery load makes a loader of its own when it starts, which \"The live dashboard loads every part\" explains. [download-made-once]"
    )
  }

  @Test("A reload asks the cloud and the profile service again, and shows what they answer now")
  func reloadAsksAgain() async throws {
    let cloud = ArticleCloud()
    let profiles = UserProfileService()
    cloud.articles.script(
      Script.succeed([Article(id: 41, title: "Before the reload")]).fromBackground,
      Script.succeed([Article(id: 42, title: "Published since")]).fromBackground)
    profiles.script(
      Script.succeed(UserProfile(id: 1, displayName: "Ada")).fromBackground,
      Script.succeed(UserProfile(id: 1, displayName: "Ada L.")).fromBackground)
    let live = liveDashboardSources(
      cloud: cloud, profiles: profiles,
      makeDownload: { ProgressDownload(plan: .init(progress: [0.5], outcome: .success(1))) },
      makeLoader: { ImageBatchLoader(delegate: $0, plan: .init(batches: 1, imagesPerBatch: 1)) })
    let sources = try #require(
      live, "liveDashboardSources must build the sources from the four adapters. [shared-cloud]")
    let model = DashboardModel(sources: sources, userID: 1)
    for load in 1...2 {
      _ = try? await withDeadline(seconds: 2, "load \(load) of the live DashboardModel") { await model.load() }
    }
    #expect(
      cloud.articles.calls.count == 2 && model.headlines == ["Published since"],
      "Two loads asked the cloud \(cloud.articles.calls.count) time(s), and the headlines are \(model.headlines): a reload (pull to refresh) asks the cloud again, through CloudArticleSource, and shows what it answers now. Keep nothing between loads in front of it. [shared-cloud]"
    )
    #expect(
      profiles.calls.count == 2 && model.greeting == "Hello, Ada L.",
      "Two loads asked the profile service \(profiles.calls.count) time(s), and the greeting is \"\(model.greeting)\": a reload asks the service again, through ServiceProfileSource, and shows what it answers now. [shared-cloud]"
    )
  }

  @Test("A reload while the first sync still runs syncs with a download of its own")
  func overlappingReloadMakesItsOwn() async throws {
    let downloads = Locked<[ProgressDownload]>([])
    // The first download holds before it completes until the test ends (a minute is only a bound for a
    // test that never ends), so the reload, however slow the machine, syncs while it still runs; the
    // others finish at once.
    let releaseFirst = DispatchSemaphore(value: 0)
    let model = try Self.liveModel(
      makeDownload: {
        downloads.withLock { made in
          let plan: ProgressDownload.Plan =
            made.isEmpty
            ? .init(
              progress: [0.3], outcome: .success(1),
              beforeCompletion: { _ = releaseFirst.wait(timeout: .now() + Deadline.scaled(60)) })
            : .init(progress: [0.3, 0.9], outcome: .success(1))
          made.append(ProgressDownload(plan: plan))
          return made[made.count - 1]
        }
      },
      makeLoader: { ImageBatchLoader(delegate: $0, plan: .init(batches: 1, imagesPerBatch: 1)) })
    defer { releaseFirst.signal() }
    let first = Task { await model.load() }
    defer { first.cancel() }
    let syncing = await eventually { downloads.withLock { $0.first?.isRunning == true } }
    try #require(
      syncing,
      "The first load never started a sync with makeDownload, which \"The live dashboard loads every part\" explains. [download-made-once]"
    )
    _ = try? await withDeadline(seconds: 2, "a reload of the live DashboardModel while it syncs") { await model.load() }
    let made = downloads.withLock { $0 }
    #expect(
      made.count == 2 && made.allSatisfy { $0.starts == 1 },
      "A reload while the first sync still ran made \(made.count) download(s) with makeDownload, started \(made.map(\.starts)) time(s): the reload's sync shared the running download. Every sync makes a download of its own when it starts, even while another still runs. [download-made-once]"
    )
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
    #expect(
      legacy.lines.contains("Hello, User 1"),
      "The legacy presenter no longer loads beside the new screen: leave it exactly as it was. [shared-cloud]")
  }
}
