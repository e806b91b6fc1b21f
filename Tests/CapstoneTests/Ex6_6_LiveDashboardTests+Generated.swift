import Capstone
import CapstoneReference
import CourseKit
import LegacyKit
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_6_LiveDashboardTests {
  /// What the profile service and the cloud answer to one load of the live screen.
  struct LiveAnswers: Sendable {
    var profile: Swift.Result<String, LegacyError>
    var articles: Swift.Result<[Article], LegacyError>

    /// The answers in words.
    var said: String {
      let profile =
        switch profile {
        case .success(let name): "the profile \"\(name)\""
        case .failure(let error): "the profile failing with \(Said.error(error))"
        }
      let articles =
        switch articles {
        case .success(let feed): "the feed \(Said.feed(feed))"
        case .failure(let error): "the articles failing with \(Said.error(error))"
        }
      return "\(profile) and \(articles)"
    }
  }

  /// One to three loads, each answered anew: names that change, feeds that change, failures between.
  /// The errors are the legacy services' own, which every adapter passes on as they are.
  static let liveLoads: Gen<[LiveAnswers]> = {
    let failures: [LegacyError] = [.offline, .server(status: 503)]
    let profile = Gen<Swift.Result<String, LegacyError>>.oneOf([
      Gen<String>.element(of: ["Ada", "Ada L.", "Grace"]).map { .success($0) },
      Gen<LegacyError>.element(of: failures).map { .failure($0) },
    ])
    let articles = Gen<Swift.Result<[Article], LegacyError>>.oneOf([
      Gen<Article>.feed.map { .success($0) }, Gen<LegacyError>.element(of: failures).map { .failure($0) },
    ])
    return Gen<(Swift.Result<String, LegacyError>, Swift.Result<[Article], LegacyError>)>.zip(profile, articles)
      .map { LiveAnswers(profile: $0.0, articles: $0.1) }.array(count: 1...3)
  }()

  @Test(
    "On drawn answers across a load and reloads (names and feeds that change, failures between), the live screen shows what the reference's shows"
  )
  nonisolated func generatedReloads() async {
    await Generated.expect(
      "load() and reloads of the live dashboard", Self.liveLoads,
      describe: { loads in loads.enumerated().map { "load \($0 + 1) answered with \($1.said)" }.joined(separator: ", ")
      }
    ) { loads in
      let mine = await Self.liveScreens(loads) { cloud, profiles, makeDownload, makeLoader in
        Capstone.liveDashboardSources(
          cloud: cloud, profiles: profiles, makeDownload: makeDownload, makeLoader: makeLoader
        ).map { sources in
          let model = Capstone.DashboardModel(sources: sources, userID: 1)
          return (
            { await model.load() },
            { "greeting \"\(model.greeting)\", headlines \(model.headlines), errors \(model.errors)" }
          )
        }
      }
      let reference = await Self.liveScreens(loads) { cloud, profiles, makeDownload, makeLoader in
        CapstoneReference.liveDashboardSources(
          cloud: cloud, profiles: profiles, makeDownload: makeDownload, makeLoader: makeLoader
        ).map { sources in
          let model = CapstoneReference.DashboardModel(sources: sources, userID: 1)
          return (
            { await model.load() },
            { "greeting \"\(model.greeting)\", headlines \(model.headlines), errors \(model.errors)" }
          )
        }
      }
      // A stub builds no sources: "The live dashboard loads every part" says so.
      guard let mine, let reference else { return nil }
      for index in loads.indices where mine[index] != reference[index] {
        let which = index == 0 ? "The first load" : "Load \(index + 1), a reload,"
        return
          "\(which) showed \(mine[index]), where what the services answered then shows \(reference[index]): a reload asks the cloud and the profile service again, and shows what they answer now, their failures too. Keep nothing between loads in front of them. [shared-cloud]"
      }
      return nil
    }
  }

  /// What a live screen built by `build` over services answering as `loads` say shows after each load,
  /// in words; `nil` when `build` made no sources.
  @MainActor
  static func liveScreens(
    _ loads: [LiveAnswers],
    build:
      @MainActor (
        ArticleCloud, UserProfileService, @escaping @Sendable () -> ProgressDownload,
        @escaping @Sendable (any ImageBatchLoaderDelegate) -> ImageBatchLoader
      ) -> (load: @MainActor () async -> Void, shown: @MainActor () -> String)?
  ) async -> [String]? {
    let cloud = ArticleCloud()
    let profiles = UserProfileService()
    guard
      let screen = build(
        cloud, profiles, { ProgressDownload(plan: .init(progress: [0.5], outcome: .success(1))) },
        { ImageBatchLoader(delegate: $0, plan: .init(batches: 1, imagesPerBatch: 1)) })
    else { return nil }
    var shown: [String] = []
    for answers in loads {
      switch answers.profile {
      case .success(let name): profiles.script(Script.succeed(UserProfile(id: 1, displayName: name)).fromBackground)
      case .failure(let error): profiles.script(Script.fail(error).fromBackground)
      }
      switch answers.articles {
      case .success(let feed): cloud.articles.script(Script.succeed(feed).fromBackground)
      case .failure(let error): cloud.articles.script(Script.fail(error).fromBackground)
      }
      let load = screen.load
      guard
        (try? await withDeadline(seconds: 2, "a load of the live DashboardModel", operation: { await load() })) != nil
      else { return shown + ["a load that never finished"] }
      shown.append(screen.shown())
    }
    return shown
  }
}
