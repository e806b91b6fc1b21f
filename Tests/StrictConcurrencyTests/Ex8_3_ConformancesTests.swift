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

  @Test("The badges add up on the main actor, and the search index reads the titles")
  @MainActor func badgesAndTitles() async throws {
    let inbox = InboxScreen(title: "Inbox", unread: 2)
    let spam = InboxScreen(title: "Spam", unread: 5)
    let total = totalBadge([inbox, spam])
    #expect(total == 7, "`totalBadge` of two screens with 2 and 5 unread is \(total), not 7. [wrong-answers]")
    let titles = try await withDeadline("searchIndex") { await searchIndex([inbox, spam]) }
    #expect(
      titles == ["Inbox", "Spam"],
      "The search index read the titles \(titles), not [\"Inbox\", \"Spam\"]. [wrong-answers]")
  }

  @Test("A refresh, asked for from off the main actor, changes each screen on the main actor, in order")
  func refreshFromAnywhere() async throws {
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
    let counts = try await withDeadline("refreshAll") { await refresh(screens) }
    let changes = heard.withLock { $0 }
    #expect(
      counts == [11, 21] && changes.map(\.count) == [11, 21],
      "`refreshAll` of two screens with 10 and 20 unread returned \(counts), and `onChange` heard \(changes.map(\.count)), not [11, 21] both times. [wrong-answers]"
    )
    #expect(
      changes.allSatisfy { $0.onMain },
      "A refresh asked for off the main actor changed a screen off the main actor (`onChange` heard it on another thread): the screen's main-actor code ran on its caller's thread. `InboxScreen` stays on the main actor, and `Refreshing` says how callers elsewhere reach it: an `async` requirement, which they `await`, hopping to the screen's actor. [screen-off-main-actor]"
    )
  }
}
