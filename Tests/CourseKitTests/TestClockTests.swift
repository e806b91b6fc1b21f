import CourseKit
import Locking
import Testing

@Suite("TestClock, HeldCalls and SuspensionWatch: the kit's means of forcing an interleaving")
struct TestClockTests {
  @Test("A sleep wakes when the clock is advanced to its deadline, and not before")
  func sleepWakesAtItsDeadline() async throws {
    let clock = TestClock()
    let woke = Locked(false)
    let sleeper = Task {
      try await clock.sleep(for: .seconds(5))
      woke.withLock { $0 = true }
    }
    #expect(await eventually { clock.waitingSleeps.count == 1 })
    #expect(clock.requestedSleeps == [.seconds(5)])
    clock.advance(by: .seconds(4))
    #expect(clock.waitingSleeps == [TestClock.Instant(offset: .seconds(5))] && !woke.withLock { $0 })
    clock.advance(by: .seconds(1))
    try await withDeadline("the sleep, its deadline come") { try await sleeper.value }
    #expect(woke.withLock { $0 } && clock.waitingSleeps.isEmpty && clock.now.offset == .seconds(5))
  }

  @Test("A sleep whose deadline has passed returns at once; a cancelled one throws at once, before or while it waits")
  func pastDeadlinesAndCancellation() async throws {
    let clock = TestClock()
    clock.advance(by: .seconds(10))
    try await withDeadline("a sleep until a past instant") {
      try await clock.sleep(until: TestClock.Instant(offset: .seconds(3)), tolerance: nil)
    }
    let waiting = Task { try await clock.sleep(for: .seconds(1)) }
    #expect(await eventually { clock.waitingSleeps.count == 1 })
    waiting.cancel()
    let outcome = await withDeadlineOutcome { try await waiting.value }
    #expect(outcome is CancellationError && clock.waitingSleeps.isEmpty)
    let early = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(1))
    }
    #expect(await withDeadlineOutcome { try await early.value } is CancellationError)
  }

  @Test("HeldCalls: a call waits for its answer, given before or after it waits; a cancel ends it unless ignored")
  func heldCallsAnswerAndCancel() async throws {
    let calls = HeldCalls<Int, String>()
    calls.answer(0, with: .success("early"))  // no call yet: nothing happens
    let first = Task { try await calls(1) }
    #expect(await calls.waitForCalls(1))
    #expect(calls.inFlight == [0] && calls.arguments == [1])
    calls.answer(0, with: .success("one"))
    #expect(try await withDeadline("the answered call") { try await first.value } == "one")
    let second = Task { try await calls(2) }
    #expect(await calls.waitForCalls(2))
    second.cancel()
    #expect(await withDeadlineOutcome { try await second.value } is CancellationError && calls.wasCancelled(1))
    let stubborn = HeldCalls<Int, String>(ignoringCancellation: true)
    let third = Task { try await stubborn(3) }
    #expect(await stubborn.waitForCalls(1))
    third.cancel()
    #expect(await eventually { stubborn.wasCancelled(0) })
    #expect(stubborn.inFlight == [0])
    stubborn.answer(0, with: .success("late"))
    #expect(try await withDeadline("the call that ignored its cancel") { try await third.value } == "late")
    #expect(calls.mostAtOnce == 1)
  }

  @Test("TaskEnd says a task has ended only once it has returned or thrown, and HeldCalls stops waiting then")
  func taskEndStopsAWait() async {
    let calls = HeldCalls<Int, Int>()
    let held = Task { try await calls(1) }
    #expect(await calls.waitForCalls(1, from: held))
    let end = TaskEnd(held)
    #expect(!end.hasEnded)
    calls.answer(0, with: .success(1))
    #expect(await eventually { end.hasEnded })
    let gaveUp = Task { throw Boom() }
    #expect(await !calls.waitForCalls(2, from: gaveUp, within: 60))  // ends with the task, not after a minute
  }

  @Test("SuspensionWatch tells a task parked at an await from one that loops on Task.yield()")
  func parkedOrSpinning() async {
    let calls = HeldCalls<Int, Int>()
    let parkedWatch = SuspensionWatch()
    let parked = Task(executorPreference: parkedWatch) { try await calls(1) }
    #expect(await parkedWatch.parked())
    let stop = Locked(false)
    let spinningWatch = SuspensionWatch()
    let spinning = Task(executorPreference: spinningWatch) {
      while !stop.withLock({ $0 }) { await Task.yield() }
    }
    #expect(await !spinningWatch.parked(orSpinningAfter: 1_000))
    stop.withLock { $0 = true }
    calls.answer(0, with: .success(1))
    _ = await withDeadlineOutcome { try await parked.value }
    _ = await withDeadlineOutcome { await spinning.value }
  }
}

/// The error `operation` threw, or `nil` when it returned; a hang is a `DeadlineExceeded`.
private func withDeadlineOutcome<T: Sendable>(
  _ operation: @escaping @Sendable () async throws -> T
) async -> (any Error)? {
  do {
    _ = try await withDeadline("the operation", operation: operation)
    return nil
  } catch {
    return error
  }
}

private struct Boom: Error {}
