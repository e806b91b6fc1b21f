import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
@_spi(Timers) import PromiseKitLite
import Testing

@Suite("1.6 Queues: run handlers where they belong", .exercise("1.6"))
struct Ex1_6_QueuesTests {
  let api = NewsAPI()
  let screen = FeedScreen()
  let session = Session(token: "t", user: "ada")

  @Test("showPreparedFeed: prepare runs on the work queue, and the screen is updated on the main queue")
  func preparesOffMainShowsOnMain() async throws {
    let work = QueueProbe.make("work")
    let seen = EventRecorder()
    api.feeds.script(Script.succeed(Article.samples).fromBackground)
    let chain = showPreparedFeed(session: session, api: api, screen: screen, work: work) { articles in
      seen.record(QueueProbe.current ?? "an unnamed queue")
      return articles.filter(\.isPublished)
    }
    // What the screen shows at the very moment the chain settles: a handler with `on: nil` runs
    // right there, so a hop that `done` started by hand and did not wait for is caught every time.
    let shownWhenSettled = EventRecorder()
    let result = await awaitSettled(
      chain.ensure(on: nil) { shownWhenSettled.record(screen.events.joined(separator: ", ")) },
      "The chain showPreparedFeed returned")
    // Only that something was on the screen by then: what it was is the `prepared-not-shown` check's
    // to judge. (The screen's events only grow, so with that check this one still asks the whole list.)
    try result?.get()
    #expect(
      shownWhenSettled.all.count == 1 && shownWhenSettled.all.first != "",
      "The chain settled before the screen was updated (it showed \(shownWhenSettled.all)): let `done` run on the main queue, its default, instead of hopping there by hand inside it, so the chain ends when the screen is updated. [done-on-work]"
    )
    #expect(
      seen.all == ["work"],
      "`prepare` ran on \(seen.all), not on the work queue: pass it to `map(on: work)`. [map-default-queue]")
    #expect(screen.events == ["articles [1, 2, 4]"], "Show what `prepare` returned. [prepared-not-shown]")
    #expect(
      screen.callsOffMainQueue.isEmpty,
      "The screen was updated off the main queue: after `map(on: work)`, `done` must go back to the main queue (its default). [done-on-work]"
    )
  }

  @Test("showPreparedFeed, with a feed that answers on the main queue, leaves the main queue free while prepare runs")
  func prepareLeavesTheMainQueueFree() async throws {
    let work = QueueProbe.make("work")
    api.feeds.script(Script.succeed(Article.samples).on(.main))
    let mainWasFree = Locked<Bool?>(nil)
    let (api, screen, session) = (api, screen, session)
    // Built on the main queue, whose reply from the feed is queued behind the block that builds the chain:
    // a step with `on: nil` then runs on the main queue every time, never at once on a thread that found
    // the feed already answered.
    let chain = await MainActor.run {
      showPreparedFeed(session: session, api: api, screen: screen, work: work) { articles in
        // A slow step, which lasts until the main queue has run a block of its own: at once when the main
        // queue is free, never while a handler on it waits for this step to end.
        let ran = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { ran.signal() }
        let free = ran.wait(timeout: .now() + Deadline.scaled(10)) == .success
        mainWasFree.withLock { $0 = $0 ?? free }
        return articles.filter(\.isPublished)
      }
    }
    // A chain that never settles without running the step is the other tests' finding.
    guard await eventually(within: 12, { mainWasFree.withLock { $0 } != nil || chain.isResolved }) else { return }
    if mainWasFree.withLock({ $0 }) == false {
      Issue.record(
        "The feed answered on the main queue, and the main queue could run nothing while `prepare` ran: a handler on the main queue waited there for it (`work.sync` inside a step that runs where the feed answered, say), so a slow step freezes the screen, though it ran \"on\" the work queue. Run the step on the work queue itself: `map(on: work)`. [map-default-queue]"
      )
    }
    // A chain that failed (a stub not started) fails here, in its own words.
    let result = await awaitSettled(chain, "The chain showPreparedFeed returned, its feed answering on the main queue")
    try result?.get()
  }

  @Test("showPreparedFeed called from the main queue still updates the screen from the main queue")
  func calledFromTheMainQueue() async throws {
    let work = QueueProbe.make("work")
    // The feed answers only once the main queue has finished building the chain, so `done` is always
    // attached before the step before it ends: an `on: nil` then runs on the work queue, every time,
    // never on the main queue by the luck of a chain that had settled before `done` was attached.
    api.feeds.script(Script.succeed(Article.samples).fromBackgroundAfterTheMainQueue)
    let (api, screen, session) = (api, screen, session)
    // A screen starts its loads from the main queue: where the chain is made must change nothing.
    let chain = await MainActor.run {
      showPreparedFeed(session: session, api: api, screen: screen, work: work) { $0.filter(\.isPublished) }
    }
    let result = await awaitSettled(chain, "The chain showPreparedFeed returned, called from the main queue")
    guard (try? result?.get()) != nil else { return }
    // Compared outside #expect, so that the sentence is all the learner reads.
    if !screen.callsOffMainQueue.isEmpty {
      Issue.record(
        "Called from the main queue, the chain updated the screen off it (\(screen.callsOffMainQueue)): where a chain is made decides nothing. `done` runs on the main queue by default; `on: nil` runs it wherever the step before it ended, here the work queue. Either `done` never goes back to the main queue after `map(on: work)`, whoever calls, or it skips that hop when called from the main queue: let `done` run on its default, for every caller. [done-on-work] [skip-hop-on-main]"
      )
    } else if screen.events.isEmpty, await eventually({ !screen.events.isEmpty }) {
      // A hop by hand inside `done` may still be queued when the chain settles, and shows later:
      // whichever way that race went, the cause is the hop, not a wrong list.
      Issue.record(
        "Called from the main queue, the chain settled before the screen showed anything, which \"showPreparedFeed: prepare runs on the work queue\" explains. [done-on-work]"
      )
    } else if screen.events != ["articles [1, 2, 4]"] {
      Issue.record(
        "Called from the main queue, the screen showed \(screen.events), not what `prepare` returned. [prepared-not-shown]"
      )
    }
  }

  @Test("currentTheme returns the stored theme")
  func currentThemeValue() async throws {
    // A theme no default holds: a function that returns a constant, or reads something else, shows.
    let store = SettingsStore()
    store.loads.script(Script([.value(Settings(theme: "solarized", refreshMinutes: 5))]).fromBackground)
    let theme = try await withDeadline("currentTheme(store:) called off the main queue") {
      try currentTheme(store: store)
    }
    #expect(
      theme == "solarized",
      "currentTheme must return the theme of the settings that store.load() delivers; it returned \(theme). [wrong-theme]"
    )
    #expect(store.loads.calls.count == 1, "currentTheme must load the settings once. [loads-not-once]")
  }

  @Test("currentTheme loads once per call: a second call returns the theme stored by then")
  func currentThemeLoadsOnEachCall() async throws {
    // The settings change between the two calls: a theme kept from the first call shows.
    let store = SettingsStore()
    store.loads.script(
      Script([.value(Settings(theme: "solarized", refreshMinutes: 5))]).fromBackground,
      Script([.value(Settings(theme: "sepia", refreshMinutes: 5))]).fromBackground)
    let themes = try await withDeadline("currentTheme(store:) called twice off the main queue") {
      try [currentTheme(store: store), currentTheme(store: store)]
    }
    let loads = store.loads.calls.count
    // Compared outside #expect, so that the sentence is all the learner reads.
    if loads != 2 {
      Issue.record(
        "Called twice on one store, currentTheme loaded the settings \(loads == 1 ? "once" : "\(loads) times") and returned \(themes): each call \"must return the theme of one `store.load()` before it returns\", a load of its own, so the second call loads again and returns what is stored by then (\"sepia\"), which \"currentTheme returns the stored theme\" explains. [loads-not-once]"
      )
    } else if themes != ["solarized", "sepia"] {
      Issue.record(
        "Called twice on one store whose settings changed in between, currentTheme returned \(themes), not [\"solarized\", \"sepia\"]: each call returns the theme of its own `store.load()`, which \"currentTheme returns the stored theme\" explains. [wrong-theme]"
      )
    }
  }

  // A store slower than any timer, without waiting for one: in a child process (the timers are the
  // whole process's), every timer `after` starts fires at once, and the store answers only once
  // currentTheme has had its chance to return without it. A theme returned before the store answered
  // is none of its loads', however slow a real store is.
  @Test("currentTheme waits for the store however slow it is: with every timer fired, it returns the store's theme")
  func currentThemeOutwaitsTimers() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          let timers = Locked<[TimeInterval]>([])
          AfterTimers.observe({ seconds in timers.withLock { $0.append(seconds) } }, firingAtOnce: true)
          let store = SettingsStore()
          let answer = Locked<(@Sendable () -> Void)?>(nil)
          store.loads.script(
            Script([.value(Settings(theme: "solarized", refreshMinutes: 5))]).handed { bodies in
              answer.withLock { $0 = bodies.first }
            })
          let returned = Locked<String?>(nil)
          // Off the main queue, on a thread of its own: `wait()` blocks it until the store answers.
          DispatchQueue.global().async {
            let said = (try? currentTheme(store: store)).map { "\"\($0)\"" } ?? "an error"
            returned.withLock { $0 = said }
          }
          _ = await eventually { answer.withLock { $0 != nil } || returned.withLock { $0 != nil } }
          // The store holds its answer: a moment when currentTheme started no timer, and when it did,
          // long enough for a timer that fires at once to have fired on the busiest machine.
          let start = ContinuousClock.now
          while returned.withLock({ $0 == nil }) {
            let patience: Duration = timers.withLock({ $0.isEmpty }) ? .milliseconds(50) : .seconds(2)
            if ContinuousClock.now - start > patience { break }
            try? await Task.sleep(for: .milliseconds(2))
          }
          if let early = returned.withLock({ $0 }) {
            throw ResumeProbe.ProbeFailure(
              "With every timer from `after` firing at once, currentTheme returned \(early) before store.load() had answered: it \"must return the theme of one `store.load()` before it returns\", however slow the store, so wait for that load alone, with no timer or default theme racing it, which \"currentTheme returns the stored theme\" explains. [wrong-theme]"
            )
          }
          let deliver = answer.withLock { $0 }
          deliver?()
          // What it returns once the store has answered is the other tests' to judge.
          _ = await eventually { returned.withLock { $0 != nil } }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "currentTheme(store:) over a store that answers after every timer")
  }

  @Test("currentTheme, called on the main queue, returns without deadlocking")
  func currentThemeOnMainQueue() async throws {
    _ = try await withDeadline("currentTheme(store:) called off the main queue") {
      try currentTheme(store: SettingsStore())
    }
    // The call runs in a child process, so that a deadlock blocks that process's main queue, not
    // this one's. The child always exits with a failure code (2: returned, 3: deadlocked), so
    // that the condition matches whatever happens and the result comes back to be explained.
    let child = await ChildProcessSlots.shared.run {
      await #expect(
        processExitsWith: .failure,
        "The child process that calls currentTheme on the main queue exited with success, which it never does. [fixture]"
      ) {
        let theme = try? await withDeadline("currentTheme(store:) on the main queue") {
          try await MainActor.run { try currentTheme(store: SettingsStore()) }
        }
        exit(theme == nil ? 3 : 2)
      }
    }
    #expect(
      child?.exitStatus != .exitCode(3),
      "currentTheme deadlocked on the main queue: `wait()` blocks the main queue while a handler of its chain (a `map` defaults to the main queue) waits for it. Give that handler `on: nil` or a background queue. [wait-with-map]"
    )
    if let status = child?.exitStatus, status != .exitCode(3) {
      #expect(status == .exitCode(2), "currentTheme crashed when called on the main queue (\(status)). [crashed]")
    }
  }
}
