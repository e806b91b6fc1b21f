import ActorsAndTasks
import ActorsAndTasksReference
import CourseKit
import Locking
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex9_7_RetryWithBackoffTests {
  @Test(
    "On drawn calls (one to eight attempts, first delays of 1 to 3 s, 40 s or ten minutes, attempts failing with errors of every kind, retryable or not, or a cancellation, taking time on the clock or none), retrying gives what the reference gives"
  )
  func generatedRetries() async {
    // A retry that never ends on the clock it was given, or waits on another one, is the targeted tests'
    // finding, said there in a second, not once per scenario the shrinker tries: a wait on the real
    // clock here would last as long as the drawn delay, ten minutes at most. A retry that made one
    // attempt and stopped asked no clock for anything: that is a difference of attempts, judged below.
    let control = RetryScenario(
      maxAttempts: 2, initialDelay: 1, attempts: [.failure(RetryScenario.errors[0]), .success("a")])
    guard
      let controlled = try? await withDeadline(
        "a retry of two attempts", operation: { await Self.run(control, mine: true) }),
      !controlled.waits.isEmpty || controlled.attempts == 1
    else { return }
    await Generated.expect("retrying", Gen.retries, trials: 60, describe: { Self.said($0) }) { scenario in
      let (mine, expected) = (await Self.run(scenario, mine: true), await Self.run(scenario, mine: false))
      return Self.difference(scenario, mine: mine, expected: expected)
    }
  }

  /// What a call of `retrying` (the learner's, or the reference's) over `scenario` did: what it returned or
  /// threw, in words, how many attempts it made, and the waits it asked the clock for.
  static func run(_ scenario: RetryScenario, mine: Bool) async -> (outcome: String, attempts: Int, waits: [Duration]) {
    let clock = TestClock()
    let calls = Locked(0)
    let body: @Sendable () async throws -> String = {
      let number = calls.withLock {
        $0 += 1
        return $0
      }
      // The attempt takes its time on the clock, as a request takes time on the network.
      if scenario.attemptSeconds > 0 { clock.advance(by: .seconds(scenario.attemptSeconds)) }
      return try scenario.attempts[min(number, scenario.attempts.count) - 1].get()
    }
    let (maxAttempts, delay) = (scenario.maxAttempts, Duration.seconds(scenario.initialDelay))
    let call = Task {
      mine
        ? try await ActorsAndTasks.retrying(
          maxAttempts: maxAttempts, initialDelay: delay, clock: clock, isRetryable: RetryScenario.isRetryable, body)
        : try await ActorsAndTasksReference.retrying(
          maxAttempts: maxAttempts, initialDelay: delay, clock: clock, isRetryable: RetryScenario.isRetryable, body)
    }
    let waits = await Self.drive(clock, until: call, waits: maxAttempts + 1)
    let outcome = await withDeadlineResult("retrying") { try await call.value }
    return (Said.outcome(outcome), calls.withLock { $0 }, waits)
  }

  static func said(_ scenario: RetryScenario) -> String {
    let attempts = scenario.attempts.map { attempt in
      switch attempt {
      case .success(let value): "\"\(value)\""
      case .failure(let error): "\(Said.error(error))\(RetryScenario.isRetryable(error) ? "" : " (not retryable)")"
      }
    }
    return
      "maxAttempts \(scenario.maxAttempts), initialDelay \(scenario.initialDelay) s, and attempts giving \(attempts.joined(separator: ", "))\(attempts.count > 1 ? " (the last repeating)" : "")\(scenario.attemptSeconds > 0 ? ", each taking \(scenario.attemptSeconds) s on the clock" : "")"
  }

  static func difference(
    _ scenario: RetryScenario, mine: (outcome: String, attempts: Int, waits: [Duration]),
    expected: (outcome: String, attempts: Int, waits: [Duration])
  ) -> String? {
    guard mine.outcome != expected.outcome || mine.attempts != expected.attempts || mine.waits != expected.waits
    else { return nil }
    let did = "retrying made \(mine.attempts) attempts, waited \(mine.waits), and \(mine.outcome)"
    let should = "where it makes \(expected.attempts), waits \(expected.waits), and \(expected.outcome)"
    if mine.attempts == expected.attempts, mine.outcome == expected.outcome {
      return
        "\(did), \(should): wait `initialDelay` before the second attempt, twice that before the third, and so on, whatever `initialDelay` is\(scenario.attemptSeconds > 0 ? ", each wait counted from the end of the attempt before it, however long that attempt took" : ""), which \"It waits initialDelay on the clock it was given\" explains. [fixed-delay]"
    }
    // Why the reference stopped where it did: a success, an error it may not retry, a cancellation, or the last attempt.
    let last = scenario.attempts[min(expected.attempts, scenario.attempts.count) - 1]
    if mine.attempts > expected.attempts, case .failure(let error) = last {
      if error is CancellationError {
        return
          "\(did), \(should): a cancellation is never retried, whatever `isRetryable` says, which \"A cancellation thrown by body is never retried\" explains. [retries-cancellation]"
      }
      if !RetryScenario.isRetryable(error) {
        return
          "\(did), \(should): an error `isRetryable` refuses (\(Said.error(error))) is thrown at once, which \"An error isRetryable refuses is thrown at once\" explains. [retries-everything]"
      }
    }
    if mine.attempts == expected.attempts, case .failure = last {
      return
        "\(did), \(should): when the attempts are used up, or an error may not be retried, throw the last error, as it is, which \"When the attempts are used up\" explains. [first-error]"
    }
    return
      "\(did), \(should): call `body` until it succeeds, at most `maxAttempts` times in all, which \"When the attempts are used up\" or \"It waits initialDelay on the clock it was given\" explains. [wrong-attempts]"
  }
}
