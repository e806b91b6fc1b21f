import CourseKit
import LegacyKit
import Locking
import StrictConcurrency
import Testing

@Suite("8.3 A conformance that crosses into the main actor", .exercise("8.3"))
struct Ex8_3_ConformancesTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.3")
  }

  @Test("The badges add up on the main actor, before and after a refresh (in a child process)")
  func badgesAddUp() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_3_ConformancesTests.addBadges() }
      }
    }
    Child.expectFinished(child, "Adding up the badges", exercise: "8.3")
  }

  /// In the child: two screens' badges, added up, then again after one of them refreshes.
  @MainActor static func addBadges() async throws {
    let inbox = InboxScreen(title: "Inbox", unread: 2)
    let spam = InboxScreen(title: "Spam", unread: 5)
    let before = totalBadge([inbox, spam])
    let refresh: ([any Refreshing]) async -> [Int] = refreshAll
    _ = await refresh([inbox])
    let after = totalBadge([inbox, spam])
    guard before == 7, after == 8 else {
      throw ResumeProbe.ProbeFailure(
        "`totalBadge` of two screens with 2 and 5 unread is \(before), and \(after) once the first has refreshed, not 7 and then 8: a badge is the screen's count as it is now. [wrong-answers]"
      )
    }
  }

  @Test("The search index reads the titles while the main actor is busy (in a child process)")
  func searchIndexOffTheMainActor() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_3_ConformancesTests.indexWhileTheMainActorIsBusy() }
      }
    }
    Child.expectFinished(child, "Indexing the titles", exercise: "8.3")
  }

  /// In the child: the titles are read with the main queue held, which only code off the main actor
  /// can do.
  static func indexWhileTheMainActorIsBusy() async throws {
    let screens = await MainActor.run {
      [InboxScreen(title: "Inbox", unread: 2), InboxScreen(title: "Spam", unread: 5)]
    }
    let titles: [String]
    do {
      titles = try await withMainQueueHeld("searchIndex") { await searchIndex(screens) }
    } catch is DeadlineExceeded {
      throw ResumeProbe.ProbeFailure(
        "While the main actor was busy, `searchIndex` never finished: it waited for the main actor, where the search index must not run. A title that reads only a `let` can be `nonisolated`, and then any thread may read it. [index-on-main-actor]"
      )
    }
    guard titles == ["Inbox", "Spam"] else {
      throw ResumeProbe.ProbeFailure(
        "The search index read the titles \(titles), not [\"Inbox\", \"Spam\"]. [wrong-answers]")
    }
  }

  @Test(
    "A refresh, asked for from off the main actor, changes each screen on the main actor, in order (in a child process)"
  )
  func refreshFromAnywhere() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_3_ConformancesTests.refreshFromOffTheMainActor() }
      }
    }
    Child.expectFinished(child, "A refresh asked for off the main actor", exercise: "8.3")
  }

  /// In the child: two screens refreshed by `refreshAll`, called from off the main actor.
  static func refreshFromOffTheMainActor() async throws {
    let heard = Locked<[(count: Int, onMain: Bool)]>([])
    let screens = await MainActor.run {
      [10, 20].map { unread in
        InboxScreen(title: "Box \(unread)", unread: unread) { count in
          heard.withLock { $0.append((count, MainQueue.isCurrent)) }
        }
      }
    }
    // Written as an `async` function value, so the call reads the same whether the migrated
    // `refreshAll` is `async` or not.
    let refresh: ([any Refreshing]) async -> [Int] = refreshAll
    let counts = await refresh(screens)
    let changes = heard.withLock { $0 }
    guard changes.allSatisfy({ $0.onMain }) else {
      throw ResumeProbe.ProbeFailure(
        "A refresh asked for off the main actor changed a screen off the main actor (`onChange` heard it on another thread): the screen's main-actor code ran on its caller's thread. `InboxScreen` stays on the main actor, and `Refreshing` says how callers elsewhere reach it: an `async` requirement, which they `await`, hopping to the screen's actor. [screen-off-main-actor]"
      )
    }
    guard counts == [11, 21], changes.map(\.count) == [11, 21] else {
      throw ResumeProbe.ProbeFailure(
        "`refreshAll` of two screens with 10 and 20 unread returned \(counts), and `onChange` heard \(changes.map(\.count)), not [11, 21] both times. [wrong-answers]"
      )
    }
    // Lists of every kind: none, one screen, a screen listed twice or more, in any order.
    let failure = await Generated.check(
      Gen<Int>.int(in: 0...2).array(count: 0...6), describe: { "the screens \($0.map { "Box \(($0 + 1) * 10)" })" }
    ) { listed in
      let heard = Locked<[Int]>([])
      let screens = await MainActor.run {
        [10, 20, 30].map { unread in
          InboxScreen(title: "Box \(unread)", unread: unread) { count in heard.withLock { $0.append(count) } }
        }
      }
      let counts = await refresh(listed.map { screens[$0] })
      var unread = [10, 20, 30]
      let expected = listed.map { index in
        unread[index] += 1
        return unread[index]
      }
      guard counts != expected || heard.withLock({ $0 }) != expected else { return nil }
      return
        "`refreshAll` returned \(counts), and `onChange` heard \(heard.withLock { $0 }), not \(expected) both times: every screen listed is refreshed, in order, a screen listed twice twice, each refresh raising its count by one. [wrong-answers]"
    }
    if let failure { throw Generated.probeFailure(failure) }
  }
}
