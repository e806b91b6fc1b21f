import CourseKit
import LegacyKit
import Locking
import StrictConcurrency
import Testing

@Suite("8.5 `@unchecked Sendable`, repaid", .exercise("8.5"))
struct Ex8_5_UncheckedSendableTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.5")
  }

  @Test("A saved token is read back, a second save replaces it, and the count is the number of accounts")
  func savesAndReplaces() {
    let store = TokenStore()
    store.save("t-1", for: "ada")
    store.save("t-2", for: "grace")
    store.save("t-3", for: "ada")
    let read = [store.token(for: "ada"), store.token(for: "grace"), store.token(for: "linus")].map { $0 ?? "nil" }
    #expect(
      read == ["t-3", "t-2", "nil"] && store.count == 2,
      "After saving t-1 and then t-3 for ada and t-2 for grace, the store read back \(read) for ada, grace and linus, and counted \(store.count), not [t-3, t-2, nil] and 2: every save is kept, and replaces the account's last one. [tokens-lost]"
    )
  }

  /// How many pairs of threads the race test releases together.
  static let rounds = 50

  @Test("A save on one thread while another reads: never at the same time (checked under the thread sanitizer)")
  func savesAndReadsFromTwoThreads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          let store = TokenStore()
          // Each round releases two threads together: one saves, the other reads. One writer at a
          // time: two would corrupt an unguarded dictionary and crash before the sanitizer reports.
          for round in 0..<Ex8_5_UncheckedSendableTests.rounds {
            let gate = StartingGate(parties: 2)
            let done = Locked(0)
            gate.run {
              store.save("t-\(round)", for: "account-\(round % 3)")
              done.withLock { $0 += 1 }
            }
            gate.run {
              for _ in 0..<3 { _ = store.token(for: "account-0") }
              done.withLock { $0 += 1 }
            }
            _ = await eventually { done.withLock { $0 } == 2 }
          }
        }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(
        "A token saved on one thread while another read the store raced on its dictionary: \(race). `@unchecked Sendable` promised a guard that was never there: keep the dictionary behind a `Mutex` and go through `withLock` for every access. [unsynchronized-tokens]"
      )
    } else {
      ResumeProbe.expectExactlyOnce(child, "TokenStore, saved to and read on two threads at once")
    }
  }
}
