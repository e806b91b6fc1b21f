import Capstone
import CapstoneReference
import CourseKit
import LegacyKit
import Locking
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex6_1_DashboardModelTests {
  @Test(
    "On drawn answers (feeds in any order, drafts, repeats, any error, a sync that goes back, batches of every size), a load and a reload show what the reference shows"
  )
  nonisolated func generatedLoads() async {
    await Generated.expect(
      "load()", Gen.dashboard, describe: { $0.said }
    ) { scenario in
      let mine = await Self.screens(
        scenario, make: { Capstone.DashboardModel(sources: $0, userID: $1) }, load: { await $0.load() },
        read: { DashboardScreen($0.greeting, $0.headlines, $0.syncProgress, $0.images, $0.errors) })
      let reference = await Self.screens(
        scenario, make: { CapstoneReference.DashboardModel(sources: $0, userID: $1) }, load: { await $0.load() },
        read: { DashboardScreen($0.greeting, $0.headlines, $0.syncProgress, $0.images, $0.errors) })
      for index in scenario.loads.indices where mine[index] != reference[index] {
        return DashboardScenario.difference(
          in: scenario, load: index, mine: mine[index], reference: reference[index],
          before: index == 0 ? (.empty, .empty) : (mine[index - 1], reference[index - 1]))
      }
      return nil
    }
  }

  /// What a model made by `make` over sources answering as `scenario` says shows after each of its loads.
  @MainActor
  static func screens<Model>(
    _ scenario: DashboardScenario, make: @MainActor (DashboardSources, Int) -> Model,
    load: @MainActor (Model) async -> Void, read: @MainActor (Model) -> DashboardScreen
  ) async -> [DashboardScreen] {
    let sources = AnswersPerLoad(scenario.loads)
    let model = make(sources.sources, scenario.userID)
    var shown: [DashboardScreen] = []
    for _ in scenario.loads {
      await load(model)
      var screen = read(model)
      (screen.asked, screen.refreshes) = (sources.asked, sources.refreshes)
      shown.append(screen)
    }
    return shown
  }
}

extension DashboardScenario {
  /// The scenario in words.
  var said: String {
    func said(_ answers: DashboardAnswers) -> String {
      let profile =
        switch answers.profile {
        case .success(let profile): "the profile \"\(profile.displayName)\""
        case .failure(let error): "the profile failing with \(Said.error(error))"
        }
      let articles =
        switch answers.articles {
        case .success(let feed): "the feed \(Said.feed(feed))"
        case .failure(let error): "the articles failing with \(Said.error(error))"
        }
      return
        "\(profile), \(articles), a sync reporting \(Said.progress(answers.sync)) and a gallery of \(Said.gallery(answers.gallery))"
    }
    let load = "user \(userID)'s dashboard, whose load found \(said(loads[0]))"
    return loads.count == 1 ? load : "\(load), and whose reload found \(said(loads[1]))"
  }

  /// The sentence for the first way load `index` of `scenario` showed otherwise than the reference:
  /// which part, how it differs, and the rule of the header it breaks.
  static func difference(
    in scenario: DashboardScenario, load index: Int, mine: DashboardScreen, reference: DashboardScreen,
    before: (mine: DashboardScreen, reference: DashboardScreen)
  ) -> String {
    let answers = scenario.loads[index]
    let which = index == 0 ? "the load" : "the reload"
    if mine.asked != reference.asked {
      return
        "After \(which), load() had asked for the profiles of users \(mine.asked), where user \(scenario.userID)'s dashboard asks for user \(scenario.userID)'s profile once a load, which \"The profile loaded is the profile of the model's own user\" explains. [wrong-user]"
    }
    if mine.refreshes != reference.refreshes {
      return
        "After \(which), load() had asked for the articles with \(mine.refreshes.map { "refresh: \($0)" }): the articles are read from the cache (`refresh: false`), once a load, which \"The articles are read as the legacy dashboard read them\" explains. [refresh-on-load]"
    }
    // A part whose source answered, left as it was because the other request failed.
    let otherFailed = answers.profile.failure != nil || answers.articles.failure != nil
    if otherFailed, answers.profile.failure == nil, mine.greeting != reference.greeting,
      mine.greeting == before.mine.greeting
    {
      return
        "The articles failed in \(which), and the greeting stayed \"\(mine.greeting)\", though the profile answered (\"\(reference.greeting)\"): a source that fails leaves its own part of the screen as it was, and the rest still loads, which \"Failed articles are reported\" explains. [one-do]"
    }
    if otherFailed, answers.articles.failure == nil, mine.headlines != reference.headlines,
      mine.headlines == before.mine.headlines
    {
      return
        "The profile failed in \(which), and the headlines stayed \(mine.headlines), though the articles answered (\(reference.headlines)): a source that fails leaves its own part of the screen as it was, and the rest still loads, which \"A failed profile is reported\" explains. [one-do]"
    }
    if mine.errors != reference.errors {
      if index == 1, !before.mine.errors.isEmpty, mine.errors == (before.mine.errors + reference.errors).sorted() {
        return
          "After the reload, errors says \(mine.errorSources), where that load's failures are \(reference.errorSources): errors holds the last load's failures only, and each load starts with none, which \"A reload that answers shows no error\" explains. [errors-kept]"
      }
      if reference.errors.isEmpty {
        return
          "Every source answered \(which), and errors says \(mine.errorSources): a load whose sources all answer adds nothing to errors, which \"Every part of the screen loads\" explains. [error-without-failure]"
      }
      return
        "In \(which), \(reference.errorSources.joined(separator: " and ")) failed, and errors says \(mine.errorSources): a source that fails adds one sentence to errors naming it (\"profile\", \"articles\"), which \"A failed profile is reported\" or \"Failed articles are reported\" explains. [one-do]"
    }
    if mine.greeting != reference.greeting {
      if answers.profile.failure != nil {
        return mine.greeting.isEmpty
          ? "The profile failed in \(which), and the greeting went blank, where it stays \"\(reference.greeting)\": a source that fails leaves its part of the screen as it was, which \"A reload that fails keeps what the screen showed\" explains. [blank-on-reload]"
          : "The profile failed in \(which), and the greeting became \"\(mine.greeting)\", where it stays \"\(reference.greeting)\": a source that fails leaves its part of the screen as it was, and no profile is invented, which \"A failed profile is reported\" or \"A reload that fails keeps what the screen showed\" explains. [guest-greeting]"
      }
      return
        "The profile answered \"\(answers.profile.success?.displayName ?? "")\" in \(which), and the greeting is \"\(mine.greeting)\", not \"\(reference.greeting)\": greet with \"Hello, \" and the name, whatever it is, which \"Every part of the screen loads\" explains. [wrong-greeting]"
    }
    if mine.headlines != reference.headlines {
      if answers.articles.failure != nil {
        return mine.headlines.isEmpty
          ? "The articles failed in \(which), and the headlines went blank, where they stay \(reference.headlines): a source that fails leaves its part of the screen as it was, which \"A reload that fails keeps what the screen showed\" explains. [blank-on-reload]"
          : "The articles failed in \(which), and the headlines became \(mine.headlines), where they stay \(reference.headlines): a source that fails leaves its part of the screen as it was, which \"A reload that fails keeps what the screen showed\" explains. [guest-greeting]"
      }
      let feed = answers.articles.success.map(Said.feed) ?? ""
      if mine.headlines.sorted() == reference.headlines.sorted() {
        return
          "The feed \(feed) has its published titles in the order \(reference.headlines), and the screen showed them in the order \(mine.headlines): the headlines are the published titles in the feed's order, which \"Every part of the screen loads\" explains. [wrong-headlines]"
      }
      return
        "The feed \(feed) has the published titles \(reference.headlines), and the screen showed \(mine.headlines): the headlines are every published title, repeats included, in the feed's order, and nothing else, which \"Every part of the screen loads\" explains. [wrong-headlines]"
    }
    if mine.sync != reference.sync {
      return
        "The sync reported \(Said.progress(answers.sync)) in \(which), and when load() returned the screen showed \(mine.sync), not \(reference.sync): syncProgress is the last value the sync reported, whatever it is (a sync may go back, or stop short of 1), which \"Every part of the screen loads\" explains. [replace-images]"
    }
    let images = answers.gallery.flatMap { $0 }
    if index == 1, mine.images == before.mine.images + reference.images {
      return
        "After the reload, the gallery shows \(Said.images(of: mine.images)): the load's images, then the reload's \(Said.images(of: reference.images)). A reload shows the gallery once, which \"A reload that fails keeps what the screen showed\" explains. [gallery-twice]"
    }
    return
      "The gallery delivered \(Said.gallery(answers.gallery)) in \(which), and when load() returned the screen showed \(Said.images(of: mine.images)), not \(Said.images(of: images)): every image of every batch, in the order delivered, repeats included, which \"Every part of the screen loads\" explains. [replace-images]"
  }
}

/// What a dashboard showed after a load, and what its sources had been asked by then.
struct DashboardScreen: Equatable, Sendable {
  var greeting: String
  var headlines: [String]
  var sync: Double
  var images: [UIImage]
  /// Each sentence of `errors` by the sources it names ("profile", "articles", both, or neither), in
  /// alphabetical order: the header leaves the order of the sentences free.
  var errors: [String]
  var asked: [Int] = []
  var refreshes: [Bool] = []

  static let empty = DashboardScreen("", [], 0, [], [])

  init(_ greeting: String, _ headlines: [String], _ sync: Double, _ images: [UIImage], _ errors: [String]) {
    (self.greeting, self.headlines, self.sync, self.images) = (greeting, headlines, sync, images)
    self.errors = errors.map { sentence in
      let named = ["profile", "articles"].filter { sentence.localizedCaseInsensitiveContains($0) }
      return named.isEmpty ? "a sentence naming no source" : named.joined(separator: " and ")
    }.sorted()
  }

  /// The errors, said by the sources their sentences name.
  var errorSources: [String] { errors.map { "(\($0))" } }
}

/// A profile source, article repository, sync and gallery that answer the first load with the first
/// answers, the second with the second: each source's first call is the first load's, and so on.
final class AnswersPerLoad: ArticleRepository, ProfileSource, SyncProgressSource, GallerySource {
  private let loads: [DashboardAnswers]
  private let calls = Locked((asked: [Int](), refreshes: [Bool](), syncs: 0, galleries: 0))

  init(_ loads: [DashboardAnswers]) {
    self.loads = loads
  }

  var sources: DashboardSources { DashboardSources(articles: self, profiles: self, sync: self, gallery: self) }
  /// The ids of every profile asked for, in order.
  var asked: [Int] { calls.withLock { $0.asked } }
  /// The `refresh` of every articles call, in order.
  var refreshes: [Bool] { calls.withLock { $0.refreshes } }

  private func answers(_ turn: Int) -> DashboardAnswers { loads[min(turn, loads.count - 1)] }

  func profile(id: Int) async throws -> UserProfile {
    let turn = calls.withLock { calls in
      defer { calls.asked.append(id) }
      return calls.asked.count
    }
    return try answers(turn).profile.get()
  }

  func latest(refresh: Bool) async throws -> [Article] {
    let turn = calls.withLock { calls in
      defer { calls.refreshes.append(refresh) }
      return calls.refreshes.count
    }
    return try answers(turn).articles.get()
  }

  func syncProgress() -> AsyncStream<Double> {
    let turn = calls.withLock { calls in
      defer { calls.syncs += 1 }
      return calls.syncs
    }
    return StubSyncSource(answers(turn).sync).syncProgress()
  }

  func gallery() -> AsyncStream<[UIImage]> {
    let turn = calls.withLock { calls in
      defer { calls.galleries += 1 }
      return calls.galleries
    }
    return StubGallerySource(answers(turn).gallery).gallery()
  }
}
