import CourseKit
import Foundation
import LegacyKit
import Locking
import StrictConcurrency
import Synchronization
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

  /// How many saves and reads the race test makes.
  static let rounds = 50

  @Test(
    "A save on one thread and a read on another, and two saves of two accounts on two threads, with nothing between them but the store (checked under the thread sanitizer)"
  )
  func savesAndReadsFromTwoThreads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) { Ex8_5_UncheckedSendableTests.saveThenReadOnAnotherThread() }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // A plain run has no sanitizer: the race program (see ``RaceProgram``) builds the file with
    // one, and runs the save and the read one after the other on two threads, in either order, then
    // a lock section at a time in every order; and the same for two saves of two accounts.
    if ResumeProbe.verdict(of: child) == .exactlyOnce, !DataRace.sanitizerIsRunning,
      let program = await RaceProgram.run("8.5", driver: Self.raceDriver)
    {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(Comment(rawValue: Self.raced(race)))
        return
      }
      if let broken = program.broken, !program.endedInOrder {
        Issue.record(
          "Two tokens saved for two accounts on two threads at once lost one (\(broken)) when \(program.order): `save(_:for:)` read the dictionary in one lock section and wrote it back in another, and the other thread's save came between them, which \"A save on one thread and a read on another\" explains. Change the dictionary in the one `withLock` that reads it (`withLock { $0[account] = token }`). [tokens-lost]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(child, "TokenStore, saved to on one thread and read on another")
  }

  /// The sentence for a race the sanitizer saw on the store's state.
  static func raced(_ race: String) -> String {
    "A token saved on one thread and read on another, with nothing between them but the store, raced on its dictionary: \(race). `@unchecked Sendable` promised a guard that was never there: keep the dictionary behind a `Mutex` and go through `withLock` for every access. [unsynchronized-tokens]"
  }

  /// The race program's `@main`: a save on one thread and a read and a count on another, one after
  /// the other in either order, then a lock section at a time in every order; then the same for two
  /// saves of two accounts, after which the store must keep both tokens.
  static let raceDriver = """
    import Foundation

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["the save", "the read"]) { runner in
          let store = TokenStore()
          runner.start([
            { store.save("t-1", for: "account") },
            {
              _ = store.token(for: "account")
              _ = store.count
            },
          ])
          await runner.waitUntilFinished()
        }
        await RaceHarness.everySchedule(names: ["the save for ann", "the save for bob"]) { runner in
          let store = TokenStore()
          runner.start([
            { store.save("t-ann", for: "ann") },
            { store.save("t-bob", for: "bob") },
          ])
          await runner.waitUntilFinished()
          let (ann, bob, count) = (store.token(for: "ann"), store.token(for: "bob"), store.count)
          if ann != "t-ann" || bob != "t-bob" || count != 2 {
            print("RACE BROKE: the store read back \\(ann ?? "nil") for ann and \\(bob ?? "nil") for bob, and counted \\(count), not t-ann, t-bob and 2")
            exit(1)
          }
        }
      }
    }
    """

  /// In the child: each round, one thread saves and then raises a flag, and another waits for the flag
  /// and reads. The flag is relaxed, so it orders the two in time but tells the sanitizer nothing: only
  /// the store's own lock can say that the save happened before the read, and without one the
  /// sanitizer reports the pair on every run. The two never overlap, so a lock is never contended (the
  /// sanitizer misreads a contended `Mutex` on Linux).
  static func saveThenReadOnAnotherThread() {
    let store = TokenStore()
    for round in 0..<rounds {
      let flag = RelaxedFlag()
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        store.save("t-\(round)", for: "account-\(round % 3)")
        flag.raise()
      }
      Thread.detachNewThread {
        while !flag.isRaised {}
        _ = store.token(for: "account-\(round % 3)")
        done.signal()
      }
      done.wait()
    }
  }
}

/// A flag whose raising orders two threads in time and tells the thread sanitizer nothing.
final class RelaxedFlag: Sendable {
  private let value = Atomic<Int>(0)

  func raise() { value.store(1, ordering: .relaxed) }

  var isRaised: Bool { value.load(ordering: .relaxed) == 1 }
}
