import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy

extension Ex10_1_LegacyTimeoutTests {
  /// How many times the child plays the call's answer and the caller's cancel from two threads.
  static let races = 100

  /// In the child: `races` times, the call answers on one thread as the caller is cancelled on
  /// another, released together; every call must end, once, and be told to stop at most once.
  static func answerAndCancelAtOnce() async throws {
    for _ in 0..<races {
      let started = Locked<(@Sendable (Result<String, any Error>) -> Void)?>(nil)
      let stops = Locked(0)
      let start: LegacyStart<String> = { completion in
        started.withLock { $0 = completion }
        return LegacyStop { stops.withLock { $0 += 1 } }
      }
      let caller = Task { try await withTimeout(.seconds(60), clock: ContinuousClock(), start: start) }
      let end = TaskEnd(caller)
      _ = await eventually { started.withLock { $0 } != nil || end.hasEnded }
      guard let completion = started.withLock({ $0 }) else {
        _ = try await caller.value
        return
      }
      let gate = StartingGate(parties: 2)
      gate.run { completion(.success("the report")) }
      gate.run { caller.cancel() }
      // Bounded: a wait neither ended is said here, at once, rather than by the probe's deadline.
      let ended = await withDeadlineResult("withTimeout, its call answering as its caller is cancelled") {
        try await caller.value
      }
      if case .failure(let error) = ended, error is DeadlineExceeded {
        throw ResumeProbe.ProbeFailure(
          "The call's answer and the caller's cancel came from two threads at once, and the caller never got `CancellationError`: the call answered and the caller was cancelled, and neither ended the wait. Each left the end to the other: decide the outcome and take the continuation in one lock section, and whoever takes it resumes. [cancel-ignored]"
        )
      }
      let told = stops.withLock { $0 }
      guard told <= 1 else {
        throw ResumeProbe.ProbeFailure(
          "The call's answer and the caller's cancel came from two threads at once, and `withTimeout` told the call to stop \(told) times: decide the outcome, and take the stop, in one lock section. [not-stopped]"
        )
      }
    }
  }

  @Test(
    "The call's answer and the caller's cancel from two threads at once: one ends the wait, nothing resumes twice, proved in a child process"
  )
  func answerAndCancelFromTwoThreads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 20) { try await Ex10_1_LegacyTimeoutTests.answerAndCancelAtOnce() }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // Whether the two threads overlapped in the child depends on the machine; the race program's
    // verdict does not (see ``RaceProgram``), so it speaks whenever the child saw no other mistake.
    var raced = false
    switch ResumeProbe.verdict(of: child) {
    case .exactlyOnce, .resumedTwice, .neverResumed, .leaked: raced = !DataRace.sanitizerIsRunning
    default: break
    }
    if raced, let program = await RaceProgram.run("10.1", driver: Self.raceDriver) {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(Comment(rawValue: Self.raced(race)))
        return
      }
      if let misuse = program.misuse, misuse.contains("more than once"), !program.endedInOrder {
        Issue.record(
          "The call's answer and the caller's cancel came from two threads at once, and both resumed the wait when \(program.order): a check in one lock section and a set in another are two steps, and the other thread took its own first step between them. Decide the outcome and take the continuation in one lock section: whoever takes it resumes, the other finds nothing. The runtime said: \(misuse) [late-answer-resumed]"
        )
        return
      }
      if let broken = program.broken, broken.hasPrefix("the call answered and the caller was cancelled, and neither") {
        if !program.endedInOrder {
          Issue.record(
            "The call's answer and the caller's cancel came from two threads at once, and the caller never got `CancellationError`: when \(program.order), \(broken). Each left the end to the other: decide the outcome and take the continuation in one lock section, and whoever takes it resumes. [cancel-ignored]"
          )
          return
        }
      } else if let broken = program.broken, broken.contains("still told the call to stop") {
        Issue.record(
          "The call's answer and the caller's cancel came from two threads at once, when \(program.order): \(broken). Decide the outcome, and take the stop, in one lock section. [stopped-in-time]"
        )
        return
      } else if let broken = program.broken {
        Issue.record(
          "The call's answer and the caller's cancel came from two threads at once, when \(program.order): \(broken). Decide the outcome, and take the stop, in one lock section. [not-stopped]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "withTimeout, its call answering on one thread as its caller is cancelled on another")
  }

  /// The sentence for a race the sanitizer saw on the state that decides how the wait ends.
  static func raced(_ race: String) -> String {
    "The call's answer and the caller's cancel, from two threads at once, raced on the state that decides how the wait ends: \(race). Keep that state under a lock, and decide the outcome and take the continuation in one lock section. [late-answer-resumed]"
  }

  /// The race program's `@main`: the call's answer and the caller's cancel handed to the harness,
  /// which runs them one after the other (for the sanitizer), then a lock section at a time in every
  /// order; the wait ends once, within ten seconds of both, and the call is told to stop once when the
  /// cancel ended it, never when its answer did.
  static let raceDriver = """
    import Foundation
    import LegacyKit
    import Synchronization

    // NSCondition, a lock the harness does not stand in for: only the exercise's own locks are switch points.
    final class Held: @unchecked Sendable {
      let lock = NSCondition()
      var completion: (@Sendable (Result<String, any Error>) -> Void)?
      var stops = 0
      var result: Result<String, any Error>?
    }

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["the call answering", "the caller's cancel"]) { runner in
          let held = Held()
          let start: LegacyStart<String> = { completion in
            held.lock.lock(); held.completion = completion; held.lock.unlock()
            return LegacyStop { held.lock.lock(); held.stops += 1; held.lock.unlock() }
          }
          let caller = Task { try await withTimeout(.seconds(60), clock: ContinuousClock(), start: start) }
          var completion: (@Sendable (Result<String, any Error>) -> Void)?
          // A call never started (the caller already gave up) has nothing to race: the suite's other tests say why.
          for _ in 0..<2_000 where completion == nil {
            try? await Task.sleep(for: .milliseconds(1))
            held.lock.lock(); completion = held.completion; held.lock.unlock()
          }
          // Time for the caller to keep the call's stop: a schedule that starts sooner is another order.
          try? await Task.sleep(for: .milliseconds(20))
          guard let completion else { return }
          runner.start([{ completion(.success("the report")) }, { caller.cancel() }])
          await runner.waitUntilFinished()
          Task.detached {
            let result = await caller.result
            held.lock.lock(); held.result = result; held.lock.unlock()
          }
          // A wait that is right ends within milliseconds of both bodies; ten seconds is for a loaded machine.
          var result: Result<String, any Error>?
          for _ in 0..<10_000 where result == nil {
            try? await Task.sleep(for: .milliseconds(1))
            held.lock.lock(); result = held.result; held.lock.unlock()
          }
          guard let result else {
            print("RACE BROKE: the call answered and the caller was cancelled, and neither ended the wait")
            exit(1)
          }
          held.lock.lock(); let stops = held.stops; held.lock.unlock()
          if stops > 1 {
            print("RACE BROKE: `withTimeout` told the call to stop \\(stops) times")
            exit(1)
          }
          // Whoever ended the wait decides the stop: none for an answer in time, one for a cancel.
          if case .success = result, stops > 0 {
            print("RACE BROKE: the call's answer ended the wait, and `withTimeout` still told the call to stop")
            exit(1)
          }
          if case .failure = result, stops == 0 {
            print("RACE BROKE: the cancel ended the wait, and `withTimeout` never told the call to stop")
            exit(1)
          }
        }
      }
    }
    """
}
