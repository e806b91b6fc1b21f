import ActorsAndTasks
import CourseKit
import Locking
import Testing

@Suite("9.4 `race` and a timeout on an injected clock", .exercise("9.4"))
struct Ex9_4_RaceAndTimeoutTests {
  static func mirrors(_ fetch: HeldCalls<Int, String>) -> [@Sendable () async throws -> String] {
    (1...3).map { fetch.calling($0) }
  }

  /// Why work was not stopped, when the code says: it starts a task of its own (`Task { }`,
  /// `Task.detached`), which a task group's cancellation does not reach. Read without comments.
  static var why: String {
    let code = ExerciseSource.code(of: "9.4") ?? ""
    guard code.range(of: #"\bTask(\.detached)?\s*(\{|\()"#, options: .regularExpression) != nil else { return "" }
    return " The work ran in a `Task { }` of its own, which no cancellation of the group reaches."
  }

  /// `withTimeout(.seconds(5), clock:)` of `operation(1)`, once its timer waits on `clock` and the
  /// operation runs; `nil`, with the verdict recorded, when the timer never waits on `clock`.
  static func timing(_ operation: HeldCalls<Int, String>, on clock: TestClock) async -> Task<String, any Error>? {
    let call = Task { try await withTimeout(.seconds(5), clock: clock, operation: operation.calling(1)) }
    let end = TaskEnd(call)
    _ = await eventually { (clock.waitingSleeps.count == 1 && operation.count == 1) || end.hasEnded }
    guard clock.waitingSleeps.count == 1 && operation.count == 1 else {
      call.cancel()
      operation.answer(0, with: .failure(Boom(number: 0)))
      Issue.record(
        "`withTimeout(.seconds(5), clock:)` never began a wait on the clock it was given (waits: \(clock.requestedSleeps)) while its operation ran (\(operation.count) calls): sleep on `clock`, the one the caller passed, beside the operation. [real-clock]"
      )
      return nil
    }
    return call
  }

  @Test("The first mirror to answer wins, and the others are cancelled and ended before it returns")
  func firstWins() async throws {
    let fetch = HeldCalls<Int, String>()
    let call = Task { try await firstAnswer(from: Self.mirrors(fetch)) }
    guard await fetch.waitForCalls(3, from: call), let second = fetch.arguments.firstIndex(of: 2) else {
      call.cancel()
      for index in 0..<fetch.count { fetch.answer(index, with: .failure(Boom(number: 0))) }
      Issue.record(
        "With the first mirror held open, `firstAnswer` started \(fetch.count) of 3 mirrors: run them all at once, one child task each. [one-mirror-at-a-time]"
      )
      return
    }
    fetch.answer(second, with: .success("from mirror 2"))
    let answer = await withDeadlineResult("firstAnswer(from:) after mirror 2 answered") { try await call.value }
    let running = fetch.inFlight.map { fetch.arguments[$0] }
    let cancelled = [1, 3].filter { mirror in fetch.arguments.firstIndex(of: mirror).map(fetch.wasCancelled) ?? false }
    for index in 0..<fetch.count { fetch.answer(index, with: .success("from mirror \(fetch.arguments[index])")) }
    if answer.hung {
      _ = await withDeadlineResult("firstAnswer(from:), every mirror ended") { try await call.value }
      Issue.record(
        "Mirror 2 answered first, and `firstAnswer` went on waiting for mirrors \(running): they were not stopped, so the call lasted as long as the slowest.\(Self.why) Once one mirror answers, every other one is cancelled. [losers-left-running]"
      )
      return
    }
    #expect(
      running.isEmpty && cancelled == [1, 3],
      "Mirror 2 answered first, and `firstAnswer` returned while mirrors \(running) were still running (cancelled: \(cancelled)): the others are cancelled and ended before it returns, so none outlives the call.\(Self.why) [losers-left-running]"
    )
    #expect(
      (try? answer.get()) == "from mirror 2",
      "Mirror 2 answered first, and `firstAnswer` \(did(answer)): return what the first to finish returns. [wrong-answer]"
    )
  }

  @Test("A mirror that fails first is the answer too, as with race: its error is thrown")
  func firstFailureWins() async throws {
    let fetch = HeldCalls<Int, String>()
    let call = Task { try await firstAnswer(from: Self.mirrors(fetch)) }
    guard await fetch.waitForCalls(3, from: call), let first = fetch.arguments.firstIndex(of: 1) else {
      call.cancel()
      for index in 0..<fetch.count { fetch.answer(index, with: .failure(Boom(number: 0))) }
      Issue.record(
        "With the first mirror held open, `firstAnswer` started \(fetch.count) of 3 mirrors: run them all at once. [one-mirror-at-a-time]"
      )
      return
    }
    fetch.answer(first, with: .failure(Boom(number: 1)))
    let answer = await withDeadlineResult("firstAnswer(from:) after mirror 1 failed") { try await call.value }
    for index in 0..<fetch.count { fetch.answer(index, with: .success("from mirror \(fetch.arguments[index])")) }
    if answer.hung { _ = await withDeadlineResult("firstAnswer(from:), every mirror ended") { try await call.value } }
    #expect(
      answer.failure as? Boom == Boom(number: 1),
      "Mirror 1 failed first, with Boom(1), and `firstAnswer` \(did(answer)): like `race`, the first to finish is the answer, value or error. Waiting for the first success is what `race(fulfilled:)` does, and this header asks for `race`. [first-success-only]"
    )
  }

  @Test("An operation that answers in time returns its value, and its timer is stopped")
  func answersInTime() async throws {
    let clock = TestClock()
    let operation = HeldCalls<Int, String>()
    guard let call = await Self.timing(operation, on: clock) else { return }
    clock.advance(by: .seconds(4))
    operation.answer(0, with: .success("in time"))
    let value = await withDeadlineResult("withTimeout after the operation answered in time") { try await call.value }
    if value.hung {
      clock.advance(by: .seconds(1))
      _ = await withDeadlineResult("withTimeout, the timer fired") { try await call.value }
      Issue.record(
        "The operation answered at 4 s of 5, and `withTimeout` returned only when the timer fired: the timer went on waiting after the answer, and the call waited for it.\(Self.why) An answer in time is returned at once. [timer-left-running]"
      )
      return
    }
    #expect(
      (try? value.get()) == "in time",
      "The operation answered \"in time\" at 4 s of 5, and `withTimeout` \(did(value)). [wrong-answer] [wrong-duration]"
    )
    #expect(
      clock.waitingSleeps.isEmpty,
      "`withTimeout` returned, and its timer still waits on the clock: cancel it, so nothing the call started outlives it. [timer-left-running]"
    )
  }

  @Test("When the time passes first, it throws TimedOut, and the operation is cancelled and ended before it does")
  func timesOut() async throws {
    let clock = TestClock()
    let operation = HeldCalls<Int, String>()
    guard let call = await Self.timing(operation, on: clock) else { return }
    #expect(
      clock.requestedSleeps == [.seconds(5)],
      "`withTimeout(.seconds(5), clock:)` asked the clock for waits of \(clock.requestedSleeps): one wait, of the duration given. [wrong-duration]"
    )
    clock.advance(by: .seconds(5))
    let outcome = await withDeadlineResult("withTimeout after 5 s passed") { try await call.value }
    let running = !operation.inFlight.isEmpty
    let cancelled = operation.wasCancelled(0)
    operation.answer(0, with: .success("too late"))
    if outcome.hung {
      _ = await withDeadlineResult("withTimeout, the operation ended") { try await call.value }
      Issue.record(
        "5 s passed on the clock, and `withTimeout` went on waiting for the operation, which it \(cancelled ? "cancelled" : "never cancelled").\(Self.why) [work-left-running] [wrong-duration]"
      )
      return
    }
    #expect(
      outcome.failure is TimedOut,
      "5 s passed on the clock before the operation answered, and `withTimeout` \(did(outcome)): throw `TimedOut`. [wrong-answer]"
    )
    #expect(
      !running && cancelled,
      "`withTimeout` threw, and the operation \(running ? "was still running" : "had ended") and was \(cancelled ? "" : "not ")cancelled: a timeout cancels the work, and waits for it to end, or the work outlives the call.\(Self.why) [work-left-running]"
    )
  }

  @Test("A zero duration still runs the operation: it may answer at once")
  func zeroStillRuns() async {
    let clock = TestClock()
    let started = Locked(0)
    let call = Task {
      try await withTimeout(.zero, clock: clock) {
        started.withLock { $0 += 1 }
        return "at once"
      }
    }
    let outcome = await withDeadlineResult("withTimeout(.zero, clock:)") { try await call.value }
    if outcome.hung {
      clock.advance(by: .seconds(7200))
      _ = await withDeadlineResult("withTimeout(.zero, clock:), the clock moved on") { try await call.value }
    }
    guard !outcome.hung else { return }  // the generated test names a zero duration that never ends
    #expect(
      started.withLock { $0 } == 1,
      "withTimeout(.zero, clock:) \(Said.outcome(outcome)) and started its operation \(started.withLock { $0 }) times: a zero duration does not mean \"never run it\". Unless the operation answers at once, the call throws TimedOut, so it runs the operation, once, and an answer it gives at once may be the answer. [wrong-duration]"
    )
  }

  @Test("A call cancelled before its time passed is no timeout: it never throws TimedOut while the clock stands still")
  func cancelledIsNoTimeout() async throws {
    let clock = TestClock()
    // An operation that ignores its cancellation, answered only once everything else has settled:
    // what the call throws is then what it made of the cancel, not which child ended first.
    let operation = HeldCalls<Int, String>(ignoringCancellation: true)
    // A task does not keep its executor alive, and work a wrong answer leaves running still runs there.
    let watch = Unmanaged.passRetained(SuspensionWatch()).takeUnretainedValue()
    let call = Task(executorPreference: watch) {
      try await withTimeout(.seconds(5), clock: clock, operation: operation.calling(1))
    }
    let end = TaskEnd(call)
    _ = await eventually { (clock.waitingSleeps.count == 1 && operation.count == 1) || end.hasEnded }
    guard clock.waitingSleeps.count == 1 && operation.count == 1 else {
      // No wait on the clock beside the operation: the timing tests say so; nothing to cancel here.
      call.cancel()
      for index in 0..<operation.count { operation.answer(index, with: .failure(Boom(number: 9))) }
      _ = await withDeadlineResult("withTimeout(.seconds(5)), which never waited on the clock") { try await call.value }
      return
    }
    call.cancel()
    _ = await watch.parked()
    for index in 0..<operation.count { operation.answer(index, with: .failure(Boom(number: 9))) }
    let outcome = await withDeadlineResult("withTimeout(.seconds(5)), cancelled at 0 s") { try await call.value }
    #expect(
      !(outcome.failure is TimedOut),
      "The call was cancelled while no time had passed on the clock, and `withTimeout` threw `TimedOut`: a timeout is the duration passing first, and a cancelled wait is not one. A sleep that throws when its task is cancelled must not be read as time up. [wrong-answer]"
    )
  }

  /// `firstAnswer(from:)` of three mirrors that answer with `outcomes` (by mirror), in every order.
  static func threeMirrors(_ outcomes: @escaping @Sendable (Int) -> Result<String, any Error>) -> Interleavings.World {
    let fetch = HeldCalls<Int, String>()
    let answered = Locked<[Int]>([])
    let result = Locked<(Result<String, any Error>, running: [Int])?>(nil)
    return Interleavings.World(
      callers: [
        Interleavings.Caller("the call firstAnswer(from: mirrors 1, 2 and 3)") {
          let outcome = await Interleavings.outcome { try await firstAnswer(from: mirrors(fetch)) }
          let running = fetch.inFlight.map { fetch.arguments[$0] }
          result.withLock { $0 = (outcome, running) }
        }
      ],
      dependencies: [
        fetch.dependency({ "mirror \($0)" }) { mirror, _ in
          answered.withLock { $0.append(mirror) }
          return outcomes(mirror)
        }
      ],
      check: {
        guard let (outcome, running) = result.withLock({ $0 }) else {
          return
            "`firstAnswer` never returned, though every mirror answered or was cancelled, which \"The first mirror to answer wins\" explains. [losers-left-running]"
        }
        if !running.isEmpty {
          return
            "`firstAnswer` returned while mirrors \(running) were still running: the others are cancelled and ended before it returns, which \"The first mirror to answer wins\" explains. [losers-left-running]"
        }
        if fetch.mostAtOnce < 3 {
          return
            "`firstAnswer` had at most \(fetch.mostAtOnce) of its 3 mirrors running at once: it runs every mirror at the same time, which \"The first mirror to answer wins\" explains. [one-mirror-at-a-time]"
        }
        guard let first = answered.withLock({ $0.first }) else { return nil }
        if "\(outcome)" == "\(outcomes(first))" { return nil }
        return
          "mirror \(first) answered first (\(did(outcomes(first)))), and `firstAnswer` \(did(outcome)): what the first to finish returns or throws is the answer, whichever mirror it is and whatever it throws (a `CancellationError` too), which \"The first mirror to answer wins\" or \"A mirror that fails first\" explains. [wrong-answer] [first-success-only]"
      })
  }

  @Test(
    "firstAnswer, its mirrors answering in every order, some failing: the first to finish is the answer, and no mirror outlives the call"
  )
  func everyOrderOfMirrors() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore {
          Ex9_4_RaceAndTimeoutTests.threeMirrors { $0 == 2 ? .failure(Boom(number: 2)) : .success("from mirror \($0)") }
        }
      }
    }
    Interleavings.expectEveryOrderHolds(child, "firstAnswer of mirrors 1, 2 and 3, mirror 2 failing")
  }

  @Test(
    "firstAnswer, its mirrors answering in every order, one throwing a CancellationError: the first to finish is the answer, whatever it throws"
  )
  func everyOrderOfMirrorsWithACancellationError() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore {
          Ex9_4_RaceAndTimeoutTests.threeMirrors {
            $0 == 2 ? .failure(CancellationError()) : .success("from mirror \($0)")
          }
        }
      }
    }
    Interleavings.expectEveryOrderHolds(
      child, "firstAnswer of mirrors 1, 2 and 3, mirror 2 throwing a CancellationError")
  }

  /// `withTimeout(.seconds(5))` of an operation that answers with `answer`, beside the 5 s on the
  /// clock and the caller's cancel, in every order: the first of them decides.
  static func answerDeadlineAndCancel(_ answer: Result<String, any Error>) -> Interleavings.World {
    let clock = TestClock()
    let operation = HeldCalls<Int, String>()
    let events = Locked<[String]>([])
    let ended = Locked<(Result<String, any Error>, timerWaiting: Bool, running: Bool, seen: Int)?>(nil)
    let overslept = Locked<[TestClock.Instant]>([])
    let name = "the call withTimeout(.seconds(5), clock:, operation:)"
    return Interleavings.World(
      callers: [
        Interleavings.Caller(name, cancellable: true) {
          let outcome = await withTaskCancellationHandler {
            await Interleavings.outcome {
              try await withTimeout(.seconds(5), clock: clock, operation: operation.calling(1))
            }
          } onCancel: {
            events.withLock { $0.append("the cancel") }
          }
          let seen = events.withLock { $0.count }
          ended.withLock { $0 = (outcome, !clock.waitingSleeps.isEmpty, !operation.inFlight.isEmpty, seen) }
        }
      ],
      dependencies: [
        operation.dependency(
          { _ in "the operation" }, said: { $0.failure.map { "failed with \($0)" } ?? "answered" }
        ) { _, _ in
          events.withLock { $0.append("the answer") }
          return answer
        },
        Interleavings.Dependency(
          waiting: { clock.waitingSleeps.isEmpty || events.withLock({ $0.contains("the 5 s") }) ? [] : [0] },
          answer: { _ in
            events.withLock { $0.append("the 5 s") }
            clock.advance(by: .seconds(5))
            overslept.withLock { $0 = clock.waitingSleeps }
            return "5 s passed on the clock"
          }),
      ],
      check: {
        let late = overslept.withLock { $0 }
        if !late.isEmpty {
          return
            "5 s passed on the clock, and `withTimeout`'s timer still waited, until \(late): wait for `duration`, once, on the clock you are given, which \"When the time passes first\" explains. [wrong-duration]"
        }
        let first = events.withLock { $0.first } ?? "nothing"
        guard let (outcome, timerWaiting, running, seen) = ended.withLock({ $0 }) else {
          return
            "\(first) came first, and `withTimeout` never returned, though the operation ends when it is cancelled, which \"When the time passes first\" explains. [work-left-running]"
        }
        // The 5 s wake the timer, which runs only when its task runs on: an answer or a cancel that comes
        // meanwhile may decide first. The answer and the cancel decide the moment they come.
        let before = events.withLock { Array($0.prefix(seen)) }
        let deciding = first == "the 5 s" ? Array(before.prefix(2)) : [first]
        let right = deciding.contains { event in
          switch event {
          case "the answer": "\(outcome)" == "\(answer)"
          case "the 5 s": outcome.failure is TimedOut
          default: outcome.failure != nil && !(outcome.failure is TimedOut)
          }
        }
        if !right {
          let expected =
            switch first {
            case "the answer": "the operation's answer (it \(did(answer)))"
            case "the 5 s": "`TimedOut`"
            default: "the cancellation, not `TimedOut`"
            }
          return
            "\(first) came first, and `withTimeout` \(did(outcome)), not \(expected): what the operation returns or throws, unless the time passes first, which \"An operation that answers in time\" or \"When the time passes first\" or \"A call cancelled before its time passed\" explains. [wrong-answer]"
        }
        if running {
          return
            "`withTimeout` \(did(outcome)) with the operation still running: the operation is cancelled and ended before it returns, which \"When the time passes first\" explains. [work-left-running]"
        }
        if first == "the 5 s", outcome.failure is TimedOut, !before.contains("the answer"), !operation.wasCancelled(0) {
          return
            "5 s passed first, and `withTimeout` threw `TimedOut` without cancelling the operation, which \"When the time passes first\" explains. [work-left-running]"
        }
        if timerWaiting {
          return
            "`withTimeout` \(did(outcome)) with its timer still waiting on the clock: an answer ends the timer, which \"An operation that answers in time\" explains. [timer-left-running]"
        }
        return nil
      })
  }

  @Test(
    "withTimeout, its operation's value, the 5 s and the caller's cancel in every order: the first decides, and nothing is left running or waiting"
  )
  func everyOrderOfATimeout() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore { Ex9_4_RaceAndTimeoutTests.answerDeadlineAndCancel(.success("the report")) }
      }
    }
    Interleavings.expectEveryOrderHolds(child, "withTimeout, its operation's value, 5 s and a cancel in every order")
  }

  @Test(
    "withTimeout, its operation's error, the 5 s and the caller's cancel in every order: the first decides, and nothing is left running or waiting"
  )
  func everyOrderOfAFailingTimeout() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore { Ex9_4_RaceAndTimeoutTests.answerDeadlineAndCancel(.failure(Boom(number: 7))) }
      }
    }
    Interleavings.expectEveryOrderHolds(child, "withTimeout, its operation's error, 5 s and a cancel in every order")
  }
}
