import Capstone
import CourseKit
import Dispatch
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
      ifHung: "load() never returned, though every request answered and every stream ended. [never-finished]",
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
        "One failed source must not blank the whole screen: the \(failing) failed, and the rest of the screen went blank with it. [one-do]",
        sourceLocation: sourceLocation)
    } else {
      Issue.record(
        "The rest of the screen was not filled when load() returned, even with nothing failing, which \"Every part of the screen loads\" explains: the failure of the \(failing) is not its cause. [loops-in-tasks] [replace-images]",
        sourceLocation: sourceLocation)
    }
  }

  @Test("Every part of the screen loads: greeting, headlines, sync progress, gallery")
  func everythingLoads() async {
    guard let shown = await loaded(sources()) else { return }
    // Compared outside #expect, so that each sentence is all the learner reads.
    if shown.greeting != "Hello, Ada" {
      Issue.record("The greeting is \"\(shown.greeting)\": show \"Hello, \" and the name. [wrong-greeting]")
    }
    if shown.headlines != Self.published { Issue.record("Show the published titles, in order. [wrong-headlines]") }
    if shown.syncProgress != 1.0 {
      Issue.record(
        "When load() returned, the sync's progress was \(shown.syncProgress), not its last value 1.0: read the stream to its end inside load(), with for await (a loop in a Task { } runs after load() has returned). [loops-in-tasks] [replace-images]"
      )
    }
    if shown.images != Self.batches.flatMap({ $0 }) {
      Issue.record(
        "When load() returned, the gallery showed \(shown.images.count) of 6 images: append every batch, in order, inside load(). [replace-images] [loops-in-tasks]"
      )
    }
    if !shown.errors.isEmpty {
      Issue.record("Every source answered, yet errors says \(shown.errors). [error-without-failure]")
    }
  }

  @Test("The profile loaded is the profile of the model's own user")
  func loadsItsOwnUser() async {
    let profiles = RecordingProfiles()
    let sources = DashboardSources(
      articles: StubArticleRepository(.success(Article.samples)), profiles: profiles,
      sync: StubSyncSource([1.0]), gallery: StubGallerySource([]))
    guard let shown = await shown(after: DashboardModel(sources: sources, userID: 7)) else { return }
    let asked = profiles.ids
    if asked != [7] {
      Issue.record(
        "The dashboard is user 7's, and load() asked for the profile of \(asked): pass the model's `userID` to `profile(id:)`, once. [wrong-user]"
      )
    } else if shown.greeting != "Hello, User 7" {
      Issue.record("The greeting is \"\(shown.greeting)\": show \"Hello, \" and user 7's name. [wrong-greeting]")
    }
  }

  @Test("The articles are read as the legacy dashboard read them: from the cache, once a load")
  func articlesFromTheCache() async {
    let articles = StubArticleRepository(.success(Article.samples))
    let sources = DashboardSources(
      articles: articles, profiles: StubProfileSource(.success(Self.ada)), sync: StubSyncSource([1.0]),
      gallery: StubGallerySource([]))
    guard await loaded(sources) != nil else { return }
    if articles.calls != [false] {
      Issue.record(
        "load() asked for the articles with \(articles.calls.map { "refresh: \($0)" }): the legacy dashboard read them from the cache (`forceRefresh: false`), once a load, and a migration keeps what the screen did. [refresh-on-load]"
      )
    }
  }

  @Test("A failed profile is reported, and the rest of the screen still loads")
  func profileFailureIsPartial() async {
    guard let shown = await loaded(sources(profile: .failure(LegacyError.offline))) else { return }
    #expect(
      shown.errors.count == 1 && shown.errors.first?.contains("profile") == true,
      "The profile failed: add one sentence naming the profile to errors (errors says \(shown.errors)). [one-do]")
    if shown.headlines.isEmpty || shown.images.isEmpty {
      await reportBlank(whenFailing: "profile") { !$0.headlines.isEmpty && !$0.images.isEmpty }
    }
    #expect(
      shown.greeting.isEmpty,
      "The profile failed, yet the greeting shows \"\(shown.greeting)\": leave it as it was, and report the failure in errors; never invent a profile. [guest-greeting]"
    )
  }

  @Test("Failed articles are reported, and the rest of the screen still loads")
  func articlesFailureIsPartial() async {
    guard let shown = await loaded(sources(articles: .failure(LegacyError.server(status: 500)))) else { return }
    #expect(
      shown.errors.count == 1 && shown.errors.first?.contains("articles") == true,
      "The articles failed: add one sentence naming the articles to errors (errors says \(shown.errors)). [one-do]")
    if shown.greeting != "Hello, Ada" || shown.syncProgress != 1.0 {
      await reportBlank(whenFailing: "articles") { $0.greeting == "Hello, Ada" && $0.syncProgress == 1.0 }
    }
  }

  @Test("A reload that fails keeps what the screen showed, and says why")
  func failedReloadKeepsTheScreen() async {
    // The first load answers; the reload finds both requests failing, as on a train going into a tunnel.
    let flaky = AnswersByTurn.answersOnceThenOffline(profile: Self.ada, articles: Article.samples)
    let model = DashboardModel(
      sources: DashboardSources(
        articles: flaky, profiles: flaky, sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches)),
      userID: 1)
    guard let first = await shown(after: model), let second = await shown(after: model) else { return }
    #expect(
      first.greeting == "Hello, Ada" && first.headlines == Self.published,
      "The first load must show everything. [wrong-greeting] [wrong-headlines]")
    // A part the failed reload changed is either blank, or shows what no source answered: two mistakes.
    let greetingChanged = second.greeting != first.greeting
    let headlinesChanged = second.headlines != first.headlines
    if (greetingChanged && second.greeting.isEmpty) || (headlinesChanged && second.headlines.isEmpty) {
      Issue.record(
        "The reload failed, and it blanked what the first load had shown (now \"\(second.greeting)\" and \(second.headlines.count) headlines): leave each part as it was when its source fails. [blank-on-reload]"
      )
    }
    if (greetingChanged && !second.greeting.isEmpty) || (headlinesChanged && !second.headlines.isEmpty) {
      Issue.record(
        "The reload failed, and it replaced what the first load had shown with what no source answered (now \"\(second.greeting)\" and \(second.headlines.count) headlines): leave each part as it was when its source fails, and let errors say what failed. [guest-greeting]"
      )
    }
    #expect(
      second.errors.contains { $0.contains("profile") } && second.errors.contains { $0.contains("articles") },
      "The reload failed, but errors does not name both sources (\(second.errors)): add one sentence per failed source. [one-do]"
    )
    // Compared outside #expect, so that the sentence is all the learner reads.
    if first.images.count == 6, second.images != first.images {
      Issue.record(
        "After a reload, the gallery shows \(second.images.count) images, not its 6: a reload's first batch replaces what the last load showed, so the gallery appears once. [gallery-twice]"
      )
    }
  }

  @Test("A reload that answers shows no error: errors holds the last load's failures only")
  func answeredReloadClearsErrors() async {
    // The first load finds both sources offline; the reload finds them back.
    let back = AnswersByTurn(profile: Self.ada, articles: Article.samples, online: [false, true])
    let model = DashboardModel(
      sources: DashboardSources(
        articles: back, profiles: back, sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches)),
      userID: 1)
    guard let first = await shown(after: model), let second = await shown(after: model) else { return }
    // A first load that reports nothing is the failure tests' finding, not this one's.
    guard !first.errors.isEmpty, second.greeting == "Hello, Ada", second.headlines == Self.published else { return }
    if !second.errors.isEmpty {
      Issue.record(
        "The reload answered, and the screen shows it, yet errors still says \(second.errors): errors holds the failures of the last load only, so each load starts by emptying it. [errors-kept]"
      )
    }
  }

  /// Starts a load whose answers `slow` holds back, reloads, and only then lets the first load's
  /// answers arrive: what the screen showed when the reload returned, and at the end.
  func reloadOverASlowerLoad(_ model: DashboardModel, _ slow: SlowFirstAnswers) async throws -> (
    reloaded: Shown, final: Shown
  ) {
    try await withDeadline("a reload while an earlier load() waits for its answers") { @MainActor in
      // The first load asks, and its answers are held back; only then does the reload start.
      let finished = Locked(0)
      let first = Task { @MainActor in
        await model.load()
        finished.withLock { $0 += 1 }
      }
      while slow.heldCalls == 0, finished.withLock({ $0 }) == 0 { try await Task.sleep(for: .milliseconds(1)) }
      slow.reloadStarts()
      await model.load()
      let reloaded = Shown(model)
      // Now the first load's answers arrive, after the reload's: the older answer lands last.
      slow.release()
      await first.value
      return (reloaded, Shown(model))
    }
  }

  @Test("An earlier load whose answers fail after a reload has shown its own adds no error")
  func lateFailureChangesNothing() async {
    let slow = SlowFirstAnswers(
      early: (Self.ada, Article.samples), late: (Self.ada, Article.samples), earlyFailure: .offline)
    let model = DashboardModel(
      sources: DashboardSources(
        articles: slow, profiles: slow, sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches)),
      userID: 1)
    // A reload that waits for the earlier load is the overlap test's finding, not this one's.
    guard let (reloaded, final) = try? await reloadOverASlowerLoad(model, slow) else {
      slow.release()
      return
    }
    guard reloaded.errors.isEmpty, !final.errors.isEmpty else { return }
    Issue.record(
      "After a reload had shown its answers, the earlier load's late failure still reached errors (\(final.errors)), which \"A reload that overlaps a slower load\" explains: what an earlier call receives once a newer one has started changes nothing, failures included. Check that no newer load has started before you report a failure too. [late-failure-reported]"
    )
  }

  @Test("A reload that overlaps a slower load shows the reload's answers")
  func overlappingReloadShowsTheNewest() async {
    let grace = UserProfile(id: 1, displayName: "Grace")
    let newer = [Article(id: 5, title: "Streams, finished")]
    let slow = SlowFirstAnswers(early: (Self.ada, Article.samples), late: (grace, newer))
    let model = DashboardModel(
      sources: DashboardSources(
        articles: slow, profiles: slow, sync: StubSyncSource([0.5, 1.0]), gallery: StubGallerySource(Self.batches)),
      userID: 1)
    let outcome: (reloaded: Shown, final: Shown)?
    do {
      outcome = try await reloadOverASlowerLoad(model, slow)
    } catch {
      slow.release()
      // A reload that never returns is this test's finding only if one load alone returns.
      if await loaded(sources()) != nil {
        Issue.record(
          "The reload waited for the earlier load, whose answers were still on their way: a reload must not wait for the load before it. Start its requests at once, and let the newest call of load() win. (\(error)) [older-answer-lands-last]"
        )
      }
      return
    }
    guard let (reloaded, final) = outcome else { return }
    guard reloaded.greeting == "Hello, Grace", reloaded.headlines == ["Streams, finished"] else {
      // Blamed on the overlap only if one load alone shows its answers by the time it returns.
      guard let control = await loaded(sources()) else { return }
      if control.greeting == "Hello, Ada", control.headlines == Self.published {
        Issue.record(
          "While an earlier load() waited, a reload returned without showing its own answers (it showed \"\(reloaded.greeting)\" and \(reloaded.headlines)): each call of load() draws what its own requests return, even while an earlier call waits. [older-answer-lands-last]"
        )
      } else {
        Issue.record(
          "The reload returned before its answers were shown, as a single load does too, which \"Every part of the screen loads\" explains: the overlap is not its cause. [loops-in-tasks]"
        )
      }
      return
    }
    // Compared outside #expect, so that the sentence is all the learner reads.
    if final.greeting != reloaded.greeting || final.headlines != reloaded.headlines {
      let alsoGallery =
        final.images.count > Self.batches.joined().count
        ? " (The earlier load also went on to read the gallery again: \(final.images.count) images.)" : ""
      Issue.record(
        "A reload overlapped a slower load, and the older answer landed last: the screen shows \"\(final.greeting)\" and \(final.headlines.count) headlines from the first load, over the reload's \"Hello, Grace\". Let the newest call of load() win: number the calls, and after every await draw only if no newer call has started.\(alsoGallery) [older-answer-lands-last]"
      )
    } else if final.images != reloaded.images || final.syncProgress != reloaded.syncProgress {
      // Blamed on the earlier load only if one load alone has read its streams by the time it returns:
      // otherwise the reload's own loops may have gone on after it returned.
      guard let control = await loaded(sources()) else { return }
      if control.images == Self.batches.flatMap({ $0 }), control.syncProgress == 1.0 {
        Issue.record(
          "After the reload, the earlier load went on to read the streams again: the gallery shows \(final.images.count) images, not its 6. Stop an earlier load at every await once a newer one has started, inside the for await loops too. [older-answer-lands-last]"
        )
      } else {
        Issue.record(
          "After the reload had returned, the streams still changed the screen (the gallery went from \(reloaded.images.count) to \(final.images.count) images), as after a single load, which \"Every part of the screen loads\" explains: the overlap is not its cause. [loops-in-tasks] [replace-images]"
        )
      }
    } else if !final.errors.isEmpty {
      Issue.record(
        "After the reload, errors says \(final.errors), though every request was answered: an earlier load that stops reports nothing. [late-failure-reported]"
      )
    }
  }

  @Test("A reload while an earlier load still reads the gallery: the earlier load's late batches change nothing")
  func olderGalleryBatchesChangeNothing() async {
    let gallery = FirstGalleryHeld()
    let model = DashboardModel(
      sources: DashboardSources(
        articles: StubArticleRepository(.success(Article.samples)), profiles: StubProfileSource(.success(Self.ada)),
        sync: StubSyncSource([1.0]), gallery: gallery),
      userID: 1)
    let first = Task { await model.load() }
    // The first load has shown the first batch of its gallery, and waits for the rest.
    guard await eventually({ @MainActor in model.images == FirstGalleryHeld.early[0] }) else {
      gallery.release()
      first.cancel()
      return
    }
    let reloaded = try? await withDeadline("a reload while the earlier load reads its gallery") { @MainActor in
      await model.load()
      return Shown(model)
    }
    gallery.release()
    guard let reloaded else {
      _ = try? await withDeadline("the earlier load()") { await first.value }
      // A reload that never returns is this test's finding only if one load alone returns.
      if await loaded(sources()) != nil {
        Issue.record(
          "A reload started while the earlier load was still reading its gallery, and it never returned while that load waited for its next batch: a reload must not wait for the load before it, not for its gallery either. Start its requests and its loops at once, and let the newest call of load() win. [older-answer-lands-last]"
        )
      }
      return
    }
    _ = try? await withDeadline("the earlier load()") { await first.value }
    let final = Shown(model)
    // Blamed on the earlier load only if one load alone has read its gallery by the time it returns:
    // otherwise the reload's own loop may have gone on after it returned.
    guard final.images != reloaded.images, let control = await loaded(sources()),
      control.images == Self.batches.flatMap({ $0 })
    else { return }
    Issue.record(
      "A reload started while the earlier load was still reading its gallery, and the earlier load's late batches landed after the reload's: the gallery went from \(reloaded.images.count) images to \(final.images.count). Let the newest call of load() win inside the for await loops too: check that no newer load has started before each batch. [older-answer-lands-last]"
    )
  }

  @Test("The profile and the articles are requested at the same time")
  func requestsOverlap() async {
    let gauge = ConcurrencyGauge()
    _ = await loaded(sources(delay: .milliseconds(50), gauge: gauge))
    #expect(
      gauge.mostAtOnce == 2,
      "The two requests ran one after the other: start both with `async let`, then await them. [sequential-requests]")
  }

  @Test(
    "A load and a reload at any point of it, every answer, value and end delivered in every order: the reload's answers win, and nothing the first load receives after the reload started reaches the screen"
  )
  func everyOrderOfALoadAndAReload() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex6_1_Orders.loadAndReload)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "A load and a reload")
  }

  @Test(
    "A load whose profile and articles fail, and a reload at any point of it that answers, in every order: once both are done, errors is empty"
  )
  func everyOrderOfAFailedLoadAndAReload() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex6_1_Orders.failedLoadAndReload)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "A failed load and a reload")
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

/// A profile source and article repository whose calls answer or fail by turn: the first call of each
/// follows `online[0]`, the second `online[1]`, and every later call the last entry.
final class AnswersByTurn: ArticleRepository, ProfileSource {
  let profile: UserProfile
  let articles: [Article]
  let online: [Bool]
  private let calls = Locked((profiles: 0, articles: 0))

  init(profile: UserProfile, articles: [Article], online: [Bool]) {
    self.profile = profile
    self.articles = articles
    self.online = online
  }

  /// A source that answers the first call, then fails every later one.
  static func answersOnceThenOffline(profile: UserProfile, articles: [Article]) -> AnswersByTurn {
    AnswersByTurn(profile: profile, articles: articles, online: [true, false])
  }

  private func isOnline(turn: Int) -> Bool {
    online[min(turn, online.count) - 1]
  }

  func profile(id: Int) async throws -> UserProfile {
    let turn = calls.withLock {
      $0.profiles += 1
      return $0.profiles
    }
    guard isOnline(turn: turn) else { throw LegacyError.offline }
    return profile
  }

  func latest(refresh: Bool) async throws -> [Article] {
    let turn = calls.withLock {
      $0.articles += 1
      return $0.articles
    }
    guard isOnline(turn: turn) else { throw LegacyError.offline }
    return articles
  }
}

/// A profile source and article repository whose calls made before ``reloadStarts()`` wait for
/// ``release()`` and then answer `early` (or throw `earlyFailure`), while later calls answer `late` at once: an earlier load
/// slower than the reload after it, every time. A held call that is cancelled throws `CancellationError`.
final class SlowFirstAnswers: ArticleRepository, ProfileSource {
  private struct State {
    var reloading = false
    var released = false
    var nextCall = 0
    var held: [Int: CheckedContinuation<Void, any Error>] = [:]
    var heldCalls = 0
  }

  let early: (profile: UserProfile, articles: [Article])
  let late: (profile: UserProfile, articles: [Article])
  /// What the held calls throw once released, instead of answering `early`, when set.
  let earlyFailure: LegacyError?
  private let state = Locked(State())

  init(early: (UserProfile, [Article]), late: (UserProfile, [Article]), earlyFailure: LegacyError? = nil) {
    self.early = early
    self.late = late
    self.earlyFailure = earlyFailure
  }

  /// How many calls are waiting for ``release()``, or have waited.
  var heldCalls: Int { state.withLock { $0.heldCalls } }

  /// From now on, calls answer `late` at once.
  func reloadStarts() { state.withLock { $0.reloading = true } }

  /// The held calls answer `early`, and so does every call still to be held.
  func release() {
    let waiting = state.withLock { state in
      state.released = true
      defer { state.held = [:] }
      return Array(state.held.values)
    }
    for continuation in waiting { continuation.resume() }
  }

  func profile(id: Int) async throws -> UserProfile {
    if try await answer() { return late.profile }
    if let earlyFailure { throw earlyFailure }
    return early.profile
  }

  func latest(refresh: Bool) async throws -> [Article] {
    if try await answer() { return late.articles }
    if let earlyFailure { throw earlyFailure }
    return early.articles
  }

  /// Whether this call answers `late`; a call before the reload waits for ``release()`` first.
  private func answer() async throws -> Bool {
    let (call, late) = state.withLock { state in
      state.nextCall += 1
      return (state.nextCall, state.reloading)
    }
    if late { return true }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let now = state.withLock { state -> Bool in
          state.heldCalls += 1
          guard !state.released else { return true }
          state.held[call] = continuation
          return false
        }
        if now { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.held.removeValue(forKey: call) }?.resume(throwing: CancellationError())
    }
    return false
  }
}

/// A profile source that answers any user, with "User <id>", and keeps the ids it was asked for.
final class RecordingProfiles: ProfileSource {
  private let asked = Locked<[Int]>([])

  var ids: [Int] { asked.withLock { $0 } }

  func profile(id: Int) async throws -> UserProfile {
    asked.withLock { $0.append(id) }
    return UserProfile(id: id, displayName: "User \(id)")
  }
}

/// A gallery whose first call delivers one batch and holds the rest until `release()`; every later call
/// delivers batches of its own at once, so a reload's gallery is told from an earlier load's.
final class FirstGalleryHeld: GallerySource {
  static let early = (0..<3).map { ImageBatchLoader.batch(10 + $0, size: 2) }
  static let later = (0..<3).map { ImageBatchLoader.batch(20 + $0, size: 2) }
  private let state = Locked<(calls: Int, held: AsyncStream<[UIImage]>.Continuation?)>((0, nil))

  func gallery() -> AsyncStream<[UIImage]> {
    let (stream, continuation) = AsyncStream.makeStream(of: [UIImage].self)
    let first = state.withLock { state in
      state.calls += 1
      if state.calls == 1 { state.held = continuation }
      return state.calls == 1
    }
    if first {
      continuation.yield(Self.early[0])
    } else {
      for batch in Self.later { continuation.yield(batch) }
      continuation.finish()
    }
    return stream
  }

  /// Delivers the first call's other batches, and ends its stream.
  func release() {
    guard let held = state.withLock({ $0.held.take() }) else { return }
    for batch in Self.early.dropFirst() { held.yield(batch) }
    held.finish()
  }
}

/// The scenario of 6.1's every-order test: a load and a reload over sources answered by hand.
enum Ex6_1_Orders {
  /// Which load (0, the first; 1, the reload) the code running now belongs to: each caller sets it.
  @TaskLocal static var load = -1

  /// Sources whose every answer, value and end the explorer delivers, each load's told apart: load
  /// `n`'s profile is "Ada <n+1>", its articles "Headline <n+1>", its sync reports `n + 0.1` and
  /// `n + 0.2`, its gallery delivers two batches of images named for it.
  final class HeldSources: Sendable {
    let profiles = HeldCalls<Int, UserProfile>()
    let articles = HeldCalls<Bool, [Article]>()
    /// The load each call, and each stream, was made for, by source and index.
    let owners = Locked<[String: [Int: Int]]>([:])
    let sync: HeldStreams<Double>
    let gallery: HeldStreams<[UIImage]>

    init() {
      let owners = self.owners
      sync = HeldStreams { stream in
        let load = owners.withLock { $0["sync"]?[stream] ?? 0 }
        return [Double(load) + 0.1, Double(load) + 0.2]
      }
      gallery = HeldStreams { stream in
        let load = owners.withLock { $0["gallery"]?[stream] ?? 0 } + 1
        return [[UIImage(name: "load-\(load)-a")], [UIImage(name: "load-\(load)-b")]]
      }
    }

    /// Notes that the next call or stream of `source`, number `index`, is the current load's.
    func own(_ source: String, _ index: Int) {
      let load = Ex6_1_Orders.load
      owners.withLock { $0[source, default: [:]][index] = load }
    }

    func owner(_ source: String, _ index: Int) -> Int { owners.withLock { $0[source]?[index] ?? 0 } }

    var sources: DashboardSources {
      DashboardSources(
        articles: HeldArticles(held: self), profiles: HeldProfiles(held: self), sync: HeldSync(held: self),
        gallery: HeldGallery(held: self))
    }
  }

  struct HeldProfiles: ProfileSource {
    let held: HeldSources
    func profile(id: Int) async throws -> UserProfile {
      held.own("profile", held.profiles.count)
      return try await held.profiles(id)
    }
  }

  struct HeldArticles: ArticleRepository {
    let held: HeldSources
    func latest(refresh: Bool) async throws -> [Article] {
      held.own("articles", held.articles.count)
      return try await held.articles(refresh)
    }
  }

  struct HeldSync: SyncProgressSource {
    let held: HeldSources
    func syncProgress() -> AsyncStream<Double> {
      held.own("sync", held.sync.count)
      return held.sync.stream()
    }
  }

  struct HeldGallery: GallerySource {
    let held: HeldSources
    func gallery() -> AsyncStream<[UIImage]> {
      held.own("gallery", held.gallery.count)
      return held.gallery.stream()
    }
  }

  /// The model on the main actor, reached from the explorer's thread through it.
  final class Screen: @unchecked Sendable {
    let model: DashboardModel

    init(_ sources: DashboardSources) {
      model = DispatchQueue.main.sync { MainActor.assumeIsolated { DashboardModel(sources: sources, userID: 1) } }
    }

    var shown: (greeting: String, headlines: [String], sync: Double, images: [String], errors: [String]) {
      DispatchQueue.main.sync {
        MainActor.assumeIsolated {
          (model.greeting, model.headlines, model.syncProgress, model.images.map(\.name), model.errors)
        }
      }
    }
  }

  /// A load, then a reload at any point of it; every answer, value and end delivered in every order.
  /// Once the reload has started, nothing the first load receives reaches the screen; once both are
  /// done, the screen is the reload's, and its gallery is shown once.
  static func loadAndReload() -> Interleavings.World { loadAndReload(firstFails: false) }

  /// The same, with the first load's profile and articles failing: the reload answers, so once both are
  /// done `errors` is empty, whenever the first load's failures arrived.
  static func failedLoadAndReload() -> Interleavings.World { loadAndReload(firstFails: true) }

  static func loadAndReload(firstFails: Bool) -> Interleavings.World {
    let held = HeldSources()
    let screen = Screen(held.sources)
    // What reached the first load after the reload started: it must never be shown.
    let reloadStarted = Locked(false)
    let stale = Locked<Set<String>>([])
    @Sendable func arrived(forLoad load: Int, _ what: String) {
      if load == 0, reloadStarted.withLock({ $0 }) { stale.withLock { _ = $0.insert(what) } }
    }
    let done = Locked(0)
    return Interleavings.World(
      callers: ["the load", "the reload"].enumerated().map { index, name in
        Interleavings.Caller(name) {
          if index == 1 { reloadStarted.withLock { $0 = true } }
          await Ex6_1_Orders.$load.withValue(index) { await screen.model.load() }
          done.withLock { $0 += 1 }
        }
      },
      dependencies: [
        held.profiles.dependency(
          { _ in "a profile request" }, said: { $0.failure.map { "failed with \($0)" } ?? "was answered" }
        ) { _, call in
          let load = held.owner("profile", call)
          if firstFails, load == 0 {
            arrived(forLoad: load, "a failure of the profile")
            return .failure(LegacyError.offline)
          }
          arrived(forLoad: load, "Hello, Ada \(load + 1)")
          return .success(UserProfile(id: 1, displayName: "Ada \(load + 1)"))
        },
        held.articles.dependency(
          { _ in "an articles request" }, said: { $0.failure.map { "failed with \($0)" } ?? "was answered" }
        ) { _, call in
          let load = held.owner("articles", call)
          if firstFails, load == 0 {
            arrived(forLoad: load, "a failure of the articles")
            return .failure(LegacyError.server(status: 500))
          }
          arrived(forLoad: load, "Headline \(load + 1)")
          return .success([Article(id: load + 1, title: "Headline \(load + 1)")])
        },
        Interleavings.Dependency(
          waiting: { held.sync.waiting },
          answer: { stream in
            let load = held.owner("sync", stream) + 1
            guard let value = held.sync.deliverNext(stream) else { return "the sync of load \(load) ended" }
            arrived(forLoad: load - 1, "sync \(value)")
            return "the sync of load \(load) reported \(value)"
          }),
        Interleavings.Dependency(
          waiting: { held.gallery.waiting },
          answer: { stream in
            let load = held.owner("gallery", stream) + 1
            guard let batch = held.gallery.deliverNext(stream) else { return "the gallery of load \(load) ended" }
            for image in batch { arrived(forLoad: load - 1, image.name) }
            return "the gallery of load \(load) delivered \(batch.map(\.name))"
          }),
      ],
      invariant: {
        let now = screen.shown
        let late = stale.withLock { $0 }
        let showing = [now.greeting] + now.headlines + ["sync \(now.sync)"] + now.images
        if let old = showing.first(where: late.contains) {
          return
            "the screen shows \"\(old)\", which reached the first load after the reload had started: the newest load wins, and what an earlier one receives after that changes nothing, which \"A reload that overlaps a slower load\" or \"A reload while an earlier load still reads the gallery\" explains. [older-answer-lands-last]"
        }
        return nil
      },
      check: {
        guard done.withLock({ $0 }) == 2 else {
          return
            "a load never returned, though every answer, value and end was delivered: `load()` returns once all of it is on the screen, which \"Every part of the screen loads\" explains. [loops-in-tasks]"
        }
        let now = screen.shown
        if now.images != ["load-2-a", "load-2-b"] {
          // Said by what the gallery shows: the first load's images, the reload's twice, or too few.
          let late = stale.withLock { $0 }
          if now.images.contains(where: late.contains) {
            return
              "both loads are done, and the gallery shows \(now.images), with images that reached the first load after the reload had started: a reload shows only its own, which \"A reload while an earlier load still reads the gallery\" explains. [older-answer-lands-last]"
          }
          if now.images.count > 2 || now.images.contains(where: { $0.hasPrefix("load-1-") }) {
            return
              "both loads are done, and the gallery shows \(now.images): the reload added its batches to what the screen showed, or showed them twice. A reload shows the gallery once, which \"A reload while an earlier load still reads the gallery\" explains. [gallery-twice]"
          }
          return
            "both loads are done, and the gallery shows \(now.images), not both of the reload's batches: the gallery is read to its end, each batch added in order, which \"Every part of the screen loads\" explains. [replace-images]"
        }
        if now.greeting != "Hello, Ada 2" || now.headlines != ["Headline 2"] || now.sync != 1.2 {
          return
            "both loads are done, and the screen shows \"\(now.greeting)\", \(now.headlines) and a sync at \(now.sync), not the reload's answers (\"Hello, Ada 2\", [\"Headline 2\"], 1.2): the newest load wins, which \"A reload that overlaps a slower load\" explains. [older-answer-lands-last]"
        }
        guard !now.errors.isEmpty else { return nil }
        guard firstFails else {
          return
            "every source answered, and `errors` holds \(now.errors), which \"A reload that answers shows no error\" explains. [error-without-failure]"
        }
        // Blamed on a late failure only if an error on screen names a source whose failure came late.
        let late = stale.withLock { stale in
          ["profile", "articles"].filter { stale.contains("a failure of the \($0)") }
        }
        let lateShown = now.errors.contains { error in late.contains { error.lowercased().contains($0) } }
        return lateShown
          ? "both loads are done, the reload's sources all answered, and `errors` holds \(now.errors): a failure of the first load that arrived after the reload had started reached the screen. What an earlier call receives once a newer one has started changes nothing, failures included, which \"A reload that overlaps a slower load\" explains. [late-failure-reported]"
          : "both loads are done, the reload's sources all answered, and `errors` holds \(now.errors), the first load's failures: each load starts with no errors, so the reload's answers leave none, which \"A reload that answers shows no error\" explains. [errors-kept]"
      })
  }
}
