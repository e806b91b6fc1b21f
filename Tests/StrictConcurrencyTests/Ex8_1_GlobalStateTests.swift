import CourseKit
import Dispatch
import StrictConcurrency
import Synchronization
import Testing

@Suite("8.1 Global mutable state: say who may touch it", .exercise("8.1"))
struct Ex8_1_GlobalStateTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.1")
  }

  /// How many calls of `countRequest()` must overlap another thread's call before the count is read.
  static let overlapsNeeded = 2_000
  /// The most calls one thread makes, whatever the overlaps, so the test ends even on a machine that never
  /// runs two threads at once (where it cannot judge a two-section count, and a right answer still passes).
  static let mostCallsPerThread = 20_000_000

  @Test(
    "Every request counted from any thread is kept: four threads count at once, and the count grows by each call (in a child process)"
  )
  func countsFromEveryThread() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) { try Ex8_1_GlobalStateTests.countFromFourThreads() }
      }
    }
    // Whether the four threads' calls overlap depends on the machine; the race program's verdict does
    // not (see ``RaceProgram``): two calls, one after the other on two threads in either order (for
    // the sanitizer), then a lock section at a time in every order.
    if ResumeProbe.verdict(of: child) == .exactlyOnce, !DataRace.sanitizerIsRunning,
      let program = await RaceProgram.run("8.1", driver: Self.raceDriver)
    {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(
          "Two requests counted on two threads at once raced on the count: \(race). The count must be one value that every thread adds to in one step under its lock (`withLock { $0 += 1 }`), which \"Every request counted from any thread is kept\" explains. [count-not-shared]"
        )
        return
      }
      if let broken = program.broken, !program.endedInOrder {
        Issue.record(
          "Two requests counted on two threads lost a count (\(broken)) when \(program.order): `countRequest()` read the count in one lock section and wrote it in another, and the other thread's lock section came between them, which \"Every request counted from any thread is kept\" explains. Add to the count in one step under its lock (`withLock { $0 += 1 }`). [count-not-shared]"
        )
        return
      }
    }
    Child.expectFinished(child, "Counting requests from four threads", exercise: "8.1")
  }

  /// The race program's `@main`: two requests counted on two threads, one after the other in either
  /// order, then a lock section at a time in every order; the count must grow by two every time.
  static let raceDriver = """
    import Foundation

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["one request's count", "another request's count"]) { runner in
          let before = requestsSoFar()
          runner.start([{ countRequest() }, { countRequest() }])
          await runner.waitUntilFinished()
          let counted = requestsSoFar() - before
          if counted != 2 {
            print("RACE BROKE: the count grew by \\(counted) for 2 calls")
            exit(1)
          }
        }
      }
    }
    """

  /// In the child: four threads count at once until their calls have overlapped
  /// ``overlapsNeeded`` times, each overlap being a call during which another thread's call ended.
  /// A read and a write made in two lock sections lose a count when another thread's write falls
  /// between them, which only an overlap allows; a fixed number of calls, on a loaded machine that
  /// runs each thread alone for a whole time slice, may have none, and let the mistake pass.
  static func countFromFourThreads() throws {
    // Under the thread sanitizer on Linux, four threads contending on a learner's `Mutex` read as a
    // race that is not there: the plain run is where this check counts.
    guard !DataRace.sanitizerIsRunning else { return }
    let before = requestsSoFar()
    let ended = Atomic(0)
    let overlaps = Atomic(0)
    let calls = Atomic(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      var mine = 0
      while overlaps.load(ordering: .relaxed) < overlapsNeeded, mine < mostCallsPerThread {
        let endedBefore = ended.load(ordering: .acquiring)
        countRequest()
        if ended.add(1, ordering: .acquiringAndReleasing).newValue - endedBefore > 1 {
          overlaps.add(1, ordering: .relaxed)
        }
        mine += 1
      }
      calls.add(mine, ordering: .relaxed)
    }
    let made = calls.load(ordering: .relaxed)
    let counted = requestsSoFar() - before
    guard counted == made else {
      throw ResumeProbe.ProbeFailure(
        "Four threads called `countRequest()` \(made) times in all, at once, and `requestsSoFar()` grew by \(counted), not \(made): the count must be one value that every thread adds to in one step under its lock (`withLock { $0 += 1 }`), not a fresh or per-thread copy, and not a read and a write in two lock sections. [count-not-shared]"
      )
    }
  }

  @Test("The retry limit is still 3, read from a thread that is not the main one")
  func retryLimitReadAnywhere() async throws {
    let read = try await withDeadline("reading retryLimit") { await Task.detached { retryLimit }.value }
    #expect(read == 3, "`retryLimit` read from a background thread is \(read), not 3. [wrong-value]")
  }

  @Test("A screen that sets the appearance is seen by the next screen that reads it (in a child process)")
  func appearanceShared() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex8_1_GlobalStateTests.setAndReadAppearance() }
      }
    }
    Child.expectFinished(child, "Setting and reading the appearance on the main actor", exercise: "8.1")
  }

  /// In the child: one screen sets the appearance, the next reads it.
  @MainActor static func setAndReadAppearance() async throws {
    appearance = "dark"
    let seen = await Task { @MainActor in appearance }.value
    guard seen == "dark" else {
      throw ResumeProbe.ProbeFailure(
        "One screen set `appearance` to \"dark\", and the next read it as \"\(seen)\": every screen shares the one value. [wrong-value]"
      )
    }
  }
}
