import ActorsAndTasks
import ActorsAndTasksReference
import CourseKit
import Locking
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex9_4_RaceAndTimeoutTests {
  @Test(
    "On drawn timeouts (zero, a nanosecond, milliseconds, seconds or an hour; an operation answering at once, halfway or a nanosecond before the end with a value or an error of every kind, or not in time), withTimeout gives what the reference gives"
  )
  func generatedTimeouts() async {
    // A timeout that never waits on the clock it was given is the targeted tests' finding, said there in a
    // second, not once per scenario the shrinker tries.
    let control = TimeoutScenario(duration: .seconds(5), answer: nil)
    guard
      let controlled = try? await withDeadline(
        "a timeout of 5 s", operation: { await Self.run(control, mine: true) }),
      !controlled.waits.isEmpty
    else { return }
    await Generated.expect("withTimeout", Gen.timeouts, describe: { Self.said($0) }) { scenario in
      let (mine, expected) = (await Self.run(scenario, mine: true), await Self.run(scenario, mine: false))
      return Self.difference(scenario, mine: mine, expected: expected)
    }
  }

  /// What a call of `withTimeout` (the learner's, or the reference's) did in `scenario`: what it returned or
  /// threw, in words, and the waits it asked the clock for.
  static func run(_ scenario: TimeoutScenario, mine: Bool) async -> (outcome: String, waits: [Duration]) {
    let clock = TestClock()
    let operation = HeldCalls<Int, String>(ignoringCancellation: scenario.late != nil)
    let duration = scenario.duration
    let call = Task {
      mine
        ? try await ActorsAndTasks.withTimeout(duration, clock: clock, operation: operation.calling(1))
        : try await ActorsAndTasksReference.withTimeout(duration, clock: clock, operation: operation.calling(1))
    }
    let end = TaskEnd(call)
    // Under way: the operation runs and the timer waits (a zero duration may have passed already), or the
    // call has ended.
    _ = await eventually {
      (operation.count >= 1 && (clock.waitingSleeps.count >= 1 || duration == .zero)) || end.hasEnded
    }
    if let answer = scenario.answer, operation.count >= 1 {
      clock.advance(by: answer.at)
      operation.answer(0, with: answer.outcome)
    } else {
      clock.advance(by: duration)
      // An operation that ignores its cancellation answers anyway, once cancelled (or once a call that
      // never cancels it has had its time).
      if let late = scenario.late, operation.count >= 1 {
        _ = await eventually { operation.wasCancelled(0) || end.hasEnded }
        operation.answer(0, with: late)
      }
    }
    let outcome = await withDeadlineResult("withTimeout") { try await call.value }
    // Whatever is still held or waiting ends, so that nothing outlives the scenario.
    for index in operation.inFlight { operation.answer(index, with: .failure(Boom(number: 0))) }
    clock.advance(by: .seconds(7200))
    if outcome.hung { _ = await withDeadlineResult("withTimeout, everything answered") { try await call.value } }
    return (outcome.hung ? "never returned" : Self.said(outcome), clock.requestedSleeps)
  }

  /// An outcome in words, `TimedOut` named alike whether the exercise or the reference threw it.
  static func said(_ outcome: Result<String, any Error>) -> String {
    switch outcome {
    case .failure(let error) where error is ActorsAndTasks.TimedOut || error is ActorsAndTasksReference.TimedOut:
      "threw TimedOut"
    default: Said.outcome(outcome)
    }
  }

  static func said(_ scenario: TimeoutScenario) -> String {
    guard let answer = scenario.answer else {
      let late =
        scenario.late.map { ", and, once cancelled, ignores it and answers late: it \(Said.outcome($0))" } ?? ""
      return "a duration of \(scenario.duration), and an operation that does not answer in time\(late)"
    }
    return
      "a duration of \(scenario.duration), and an operation that answers at \(answer.at) on the clock: it \(Said.outcome(answer.outcome))"
  }

  static func difference(
    _ scenario: TimeoutScenario, mine: (outcome: String, waits: [Duration]),
    expected: (outcome: String, waits: [Duration])
  ) -> String? {
    // A duration of zero has passed already: whether a timer still asks the clock to wait for it is free.
    let waitsDiffer = scenario.duration > .zero && mine.waits != expected.waits
    guard mine.outcome != expected.outcome || waitsDiffer else { return nil }
    let call = "withTimeout(\(scenario.duration), clock:)"
    if waitsDiffer {
      return
        "\(call) asked the clock for waits of \(mine.waits) and \(mine.outcome), where it waits the duration it is given, once (\(expected.waits)), whatever it is, and \(expected.outcome), which \"When the time passes first\" explains. [wrong-duration]"
    }
    if let answer = scenario.answer {
      return
        "The operation answered at \(answer.at) on the clock, before \(scenario.duration) had passed, and \(call) \(mine.outcome), where what the operation returns or throws is the answer (it \(expected.outcome)), whatever it is, a CancellationError the operation throws itself too, which \"An operation that answers in time\" explains. [wrong-answer]"
    }
    if mine.outcome == "never returned", scenario.duration == .zero {
      return
        "\(call) never returned while its operation did not answer, where it \(expected.outcome) at once: a duration of zero has passed before the operation can answer, and does not mean \"no timeout\", which \"When the time passes first\" explains. [wrong-duration]"
    }
    if mine.outcome == "never returned" {
      return
        "\(scenario.duration) passed on the clock before the operation answered, and \(call) never returned, where it \(expected.outcome) at once, which \"When the time passes first\" explains. [wrong-duration] [work-left-running]"
    }
    if let late = scenario.late {
      return
        "\(scenario.duration) passed on the clock before the operation answered, and, cancelled, it answered late anyway (it \(Said.outcome(late))), and \(call) \(mine.outcome), where it \(expected.outcome): once the time has passed, what the operation answers is no answer, however soon after, which \"When the time passes first\" explains. [wrong-answer]"
    }
    return
      "\(scenario.duration) passed on the clock before the operation answered, and \(call) \(mine.outcome), where it \(expected.outcome), which \"When the time passes first\" explains. [wrong-answer]"
  }
}
