import CourseCatalog
import CourseKit
import Dispatch
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy

@Suite("10.1 A timeout around a call that ignores cancellation", .exercise("10.1"))
struct Ex10_1_LegacyTimeoutTests {
  /// The result of `operation`, or a `DeadlineExceeded` failure, without throwing.
  static func withDeadlineResult<T: Sendable>(
    _ what: String, _ operation: @escaping @Sendable () async throws -> T
  ) async -> Result<T, any Error> {
    do { return .success(try await withDeadline(what, operation: operation)) } catch { return .failure(error) }
  }

  /// ``withDeadlineResult(_:_:)``, for a test.
  func withDeadlineResult<T: Sendable>(
    _ what: String, _ operation: @escaping @Sendable () async throws -> T
  ) async -> Result<T, any Error> {
    // Not the learner's code: the static helper above runs `operation` under `withDeadline`.
    await Self.withDeadlineResult(what, operation)
  }

  /// What a call did, in words that follow a subject: "returned …", "threw …", or "did not finish …".
  static func did<T>(_ result: Result<T, any Error>) -> String {
    switch result {
    case .success(let value): "returned \(value)"
    case .failure(let error as DeadlineExceeded): "did not finish (\(error))"
    case .failure(let error): "threw \(error)"
    }
  }

  /// `withTimeout(.seconds(5), clock:)` of `call`, once its timer waits on `clock` and the call has
  /// started; `nil`, with the verdict recorded, when the timer never waits on `clock`.
  static func timing(_ call: HeldLegacyCall, on clock: TestClock) async -> Task<String, any Error>? {
    let timeout = Task { try await withTimeout(.seconds(5), clock: clock, start: call.start) }
    let end = TaskEnd(timeout)
    _ = await eventually { (clock.waitingSleeps.count == 1 && call.starts == 1) || end.hasEnded }
    guard clock.waitingSleeps.count == 1 && call.starts == 1 else {
      timeout.cancel()
      call.answer(with: .failure(ExportFailed(number: 0)))
      let outcome = await withDeadlineResult("withTimeout(.seconds(5), clock:), which never waited on the clock") {
        try await timeout.value
      }
      guard !(outcome.thrown is NotStarted) else { return nil }
      Issue.record(
        "`withTimeout(.seconds(5), clock:)` never began a wait on the clock it was given (waits: \(clock.requestedSleeps)) while the call ran (\(call.starts) started): sleep on `clock`, the one the caller passed, beside the call. [real-clock]"
      )
      return nil
    }
    return timeout
  }

  @Test("A call that answers in time: its answer is returned, it is never told to stop, and the timer stops")
  func answersInTime() async {
    let clock = TestClock()
    let call = HeldLegacyCall()
    guard let timeout = await Self.timing(call, on: clock) else { return }
    clock.advance(by: .seconds(4))
    call.answer(with: .success("the report"))
    let outcome = await withDeadlineResult("withTimeout after the call answered in time") { try await timeout.value }
    let timerWaiting = !clock.waitingSleeps.isEmpty
    clock.advance(by: .seconds(60))  // whatever still waits on the clock ends now, not after the test
    if outcome.didHang {
      _ = await withDeadlineResult("withTimeout, the timer fired") { try await timeout.value }
    }
    #expect(
      !timerWaiting && !outcome.didHang,
      "The call answered at 4 s of 5, and `withTimeout` \(outcome.didHang ? "returned only when the timer fired" : "returned with its timer still waiting on the clock"): the timer was never cancelled. An answer in time ends the timer, so nothing the call started outlives it. [timer-left-running]"
    )
    #expect(
      (try? outcome.get()) == "the report" || outcome.didHang,
      "The call answered \"the report\" at 4 s of 5, and `withTimeout` \(Self.did(outcome)): return what the call answers in time. [wrong-answer]"
    )
    #expect(
      call.stops == 0,
      "The call answered in time, and `withTimeout` told it to stop (\(call.stops) times) all the same: stop a call only when the wait ended without its answer; a stop after an answer may cancel the next export the SDK runs. [stopped-in-time]"
    )
  }

  @Test("A call that fails in time: its error is thrown")
  func failsInTime() async {
    let clock = TestClock()
    let call = HeldLegacyCall()
    guard let timeout = await Self.timing(call, on: clock) else { return }
    call.answer(with: .failure(ExportFailed(number: 7)))
    let outcome = await withDeadlineResult("withTimeout after the call failed in time") { try await timeout.value }
    clock.advance(by: .seconds(60))
    #expect(
      outcome.thrown as? ExportFailed == ExportFailed(number: 7),
      "The call failed with ExportFailed(7) in time, and `withTimeout` \(Self.did(outcome)): throw what the call answers, error or value. [wrong-answer]"
    )
  }

  @Test(
    "When the time passes first, it throws TimedOut at once, though the call never answers, and tells the call to stop once",
    arguments: [true, false])
  func timesOut(stoppable: Bool) async {
    let clock = TestClock()
    let call = HeldLegacyCall(stoppable: stoppable)
    guard let timeout = await Self.timing(call, on: clock) else { return }
    guard clock.requestedSleeps == [.seconds(5)] else {
      clock.advance(by: .seconds(60))
      call.answer(with: .success("too late"))
      _ = await withDeadlineResult("withTimeout, its clock moved on") { try await timeout.value }
      Issue.record(
        "`withTimeout(.seconds(5), clock:)` asked the clock for waits of \(clock.requestedSleeps): one wait, of the duration given. [wrong-duration]"
      )
      return
    }
    clock.advance(by: .seconds(5))
    let outcome = await withDeadlineResult("withTimeout after 5 s passed") { try await timeout.value }
    if outcome.didHang {
      call.answer(with: .success("too late"))  // only now can code that waits for the call end
      let late = await withDeadlineResult("withTimeout, once the call answered") { try await timeout.value }
      Issue.record(
        "5 s passed on the clock, and `withTimeout` went on waiting for the call, which ignores cancellation; it \(late.didHang ? "still had not returned" : "returned only once the call answered") (\(call.stops) stops). A task group waits for every child, and `cancelAll()` cannot end a child parked in a continuation that only the call resumes: the timer must resume the caller's wait itself, and nothing may wait for the call. [timeout-waits-for-call]"
      )
      return
    }
    #expect(
      outcome.thrown is TimedOut,
      "5 s passed on the clock before the call answered, and `withTimeout` \(Self.did(outcome)): throw `TimedOut`. [wrong-answer]"
    )
    let expected = stoppable ? 1 : 0
    #expect(
      call.stops == expected,
      "`withTimeout` threw `TimedOut`, and told the call to stop \(call.stops) times: \(stoppable ? "a call that returned a `LegacyStop` is told to stop exactly once, or it goes on exporting for nobody" : "this call returned no `LegacyStop`, so there is nothing to tell"). [not-stopped]"
    )
  }

  @Test(
    "A call that answers inside start, before start returns, a value or an error: that answer is returned",
    arguments: [false, true])
  func answersInsideStart(failing: Bool) async {
    let clock = TestClock()
    let answer: Result<String, any Error> = failing ? .failure(ExportFailed(number: 7)) : .success("from the cache")
    let said = failing ? "ExportFailed(7)" : "\"from the cache\""
    let call = HeldLegacyCall(answeringInside: answer)
    let timeout = Task { try await withTimeout(.seconds(5), clock: clock, start: call.start) }
    let outcome = await withDeadlineResult("withTimeout of a call that answered inside start") {
      try await timeout.value
    }
    if outcome.didHang {
      timeout.cancel()
      clock.advance(by: .seconds(60))
      _ = await withDeadlineResult("withTimeout of a call that answered inside start, cancelled") {
        try await timeout.value
      }
      Issue.record(
        "The call answered \(said) inside `start`, before `start` returned, and `withTimeout` never returned: the answer came before anything waited for it, and was lost. Keep the continuation where the answer will look for it before you start the call, or keep an early answer for the wait to find. [answered-inside-start]"
      )
      return
    }
    _ = await eventually { clock.waitingSleeps.isEmpty }
    let timerWaiting = !clock.waitingSleeps.isEmpty
    clock.advance(by: .seconds(60))
    let returned =
      failing ? outcome.thrown as? ExportFailed == ExportFailed(number: 7) : (try? outcome.get()) == "from the cache"
    #expect(
      returned,
      "The call answered \(said) inside `start`, and `withTimeout` \(Self.did(outcome)): an answer before `start` returns, value or error, is the answer too. [answered-inside-start]"
    )
    #expect(
      call.stops == 0,
      "The call answered inside `start`, and `withTimeout` told it to stop (\(call.stops) times): a call that answered is never told to stop. [stopped-in-time]"
    )
    #expect(
      !timerWaiting,
      "The call answered inside `start`, and `withTimeout` returned with its timer still waiting on the clock: an answer ends the timer. [timer-left-running]"
    )
  }

  @Test("The caller's cancel ends the wait at once with CancellationError, and tells the call to stop")
  func cancelled() async {
    let clock = TestClock()
    let call = HeldLegacyCall()
    guard let timeout = await Self.timing(call, on: clock) else { return }
    timeout.cancel()
    let outcome = await withDeadlineResult("withTimeout, its caller cancelled at 0 s") { try await timeout.value }
    if outcome.didHang {
      call.answer(with: .success("too late"))
      clock.advance(by: .seconds(60))
      _ = await withDeadlineResult("withTimeout, once the call answered") { try await timeout.value }
      Issue.record(
        "The caller's task was cancelled, and `withTimeout` went on waiting for the call, which ignores cancellation: cancelling the timer is not enough. Handle the caller's cancel yourself (`withTaskCancellationHandler`): end the wait with `CancellationError`, and tell the call to stop. [cancel-ignored]"
      )
      return
    }
    clock.advance(by: .seconds(60))
    #expect(
      outcome.thrown is CancellationError,
      "The caller's task was cancelled at 0 s of 5, and `withTimeout` \(Self.did(outcome)): a cancel is no timeout; throw `CancellationError`. [cancel-ignored]"
    )
    #expect(
      call.stops == 1,
      "The caller's task was cancelled, and `withTimeout` told the call to stop \(call.stops) times: the call ignores cancellation, so tell it to stop, exactly once. [not-stopped]"
    )
  }

  /// `withTimeout(.seconds(5), clock:)` of `call` in a task of its own, which waits at a gate until
  /// the test holds its handle, in `caller`: so `call`'s start may cancel it, and a test may cancel
  /// it before it calls `withTimeout`.
  static func gated(
    _ call: HeldLegacyCall, on clock: TestClock, caller: Locked<Task<String, any Error>?>, cancelFirst: Bool
  ) -> Task<String, any Error> {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let timeout = Task {
      for await _ in gate { break }
      return try await withTimeout(.seconds(5), clock: clock, start: call.start)
    }
    caller.withLock { $0 = timeout }
    if cancelFirst { timeout.cancel() }
    open.yield()
    return timeout
  }

  @Test(
    "A cancel before withTimeout is called, or while start runs: CancellationError at once, and the call is told to stop once",
    arguments: [false, true])
  func cancelledBeforeTheCallReturns(whileStarting: Bool) async {
    let clock = TestClock()
    let caller = Locked<Task<String, any Error>?>(nil)
    // The call never answers by itself; when `whileStarting`, its `start` cancels the caller before
    // it returns its stop.
    let cancelCaller: @Sendable () -> Void = { caller.withLock { $0 }?.cancel() }
    let call = HeldLegacyCall(duringStart: whileStarting ? cancelCaller : nil)
    let when =
      whileStarting ? "while `start` ran, before it returned the call's stop" : "before it called `withTimeout`"
    let timeout = Self.gated(call, on: clock, caller: caller, cancelFirst: !whileStarting)
    let outcome = await withDeadlineResult("withTimeout, its caller cancelled \(when)") { try await timeout.value }
    if outcome.didHang {
      call.answer(with: .success("too late"))
      clock.advance(by: .seconds(60))
      _ = await withDeadlineResult("withTimeout, once the call answered") { try await timeout.value }
      Issue.record(
        "The caller's task was cancelled \(when), and `withTimeout` went on waiting for the call, which ignores cancellation and never answered: \(whileStarting ? "a cancel that comes while `start` runs ends the wait as one that comes later does" : "a cancel that came before the wait began ends it too. Look for the end when you begin to wait, and resume at once if it came first"). [cancel-ignored]"
      )
      return
    }
    clock.advance(by: .seconds(60))
    #expect(
      outcome.thrown is CancellationError,
      "The caller's task was cancelled \(when), and `withTimeout` \(Self.did(outcome)): a cancel is no timeout; throw `CancellationError`. [cancel-ignored]"
    )
    if whileStarting || call.starts > 0 {
      #expect(
        call.stops == 1,
        "The caller's task was cancelled \(when), and `withTimeout` told the call to stop \(call.stops) times: a stop that `start` returns after the wait has ended is used at once, exactly once. [not-stopped]"
      )
    }
  }

  /// In the child: `withTimeout` ends by its timer (`byCancel` false) or its caller's cancel, and
  /// then the call answers, late, on this thread.
  static func lateAnswer(byCancel: Bool) async {
    await ResumeProbe.run(within: 3) {
      let clock = TestClock()
      let call = HeldLegacyCall()
      let timeout = Task { try await withTimeout(.seconds(5), clock: clock, start: call.start) }
      _ = await eventually { (clock.waitingSleeps.count == 1 && call.starts == 1) }
      if byCancel { timeout.cancel() } else { clock.advance(by: .seconds(5)) }
      // Whatever it returns (the other tests say whether it is right), it returns first.
      _ = await withDeadlineResult("withTimeout, ended before the call answered") { try await timeout.value }
      call.answer(with: .success("too late"))
      clock.advance(by: .seconds(60))
      _ = await withDeadlineResult("withTimeout, once the call answered") { try await timeout.value }
    }
  }

  /// The lesson's sentence when the late answer resumed the wait again; the kit's for every other fate.
  static func expectNoSecondResume(_ child: ExitTest.Result?, after ending: String, _ what: String) {
    guard case .resumedTwice(let message) = ResumeProbe.verdict(of: child) else {
      ResumeProbe.expectExactlyOnce(child, what)
      return
    }
    Issue.record(
      "The call answered after \(ending) had ended the wait, and its answer resumed the caller's continuation a second time, so the runtime trapped: decide the outcome and take the continuation in one lock section, so that a late answer finds the wait ended and resumes nothing. The runtime said: \(message) [late-answer-resumed]"
    )
  }

  /// In the child: a call that answers inside its stop, told to stop at the timeout or at the
  /// caller's cancel (from a thread of its own: a cancel that waits for itself never returns).
  static func answerInsideStop(byCancel: Bool) async {
    await ResumeProbe.run(within: 4) {
      let clock = TestClock()
      let call = HeldLegacyCall(answeringInsideStop: true)
      let timeout = Task { try await withTimeout(.seconds(5), clock: clock, start: call.start) }
      _ = await eventually { (clock.waitingSleeps.count == 1 && call.starts == 1) }
      if byCancel { DispatchQueue.global().async { timeout.cancel() } } else { clock.advance(by: .seconds(5)) }
      let ended = await withDeadlineResult("withTimeout, its call answering inside its stop") {
        try await timeout.value
      }
      guard ended.didHang, call.stops > 0 else { return }
      throw ResumeProbe.ProbeFailure(
        "\(byCancel ? "The caller was cancelled" : "5 s passed on the clock"), `withTimeout` told the call to stop, the call answered inside its stop, as a legacy call may, and `withTimeout` never returned: it called `stop()` while it held its own lock, and the answer waited for that lock. Take what you need under the lock, and tell the call to stop once you have let it go. [stop-under-lock]"
      )
    }
  }

  @Test("A call that answers inside its stop, told at the timeout: withTimeout still ends, proved in a child process")
  func answerInsideStopAtTimeout() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Ex10_1_LegacyTimeoutTests.answerInsideStop(byCancel: false)
      }
    }
    Self.expectNoSecondResume(
      child, after: "TimedOut", "withTimeout, its call answering inside its stop at the timeout")
  }

  @Test(
    "A call that answers inside its stop, told at the caller's cancel: withTimeout still ends, proved in a child process"
  )
  func answerInsideStopAtCancel() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Ex10_1_LegacyTimeoutTests.answerInsideStop(byCancel: true)
      }
    }
    Self.expectNoSecondResume(
      child, after: "the caller's cancel", "withTimeout, its call answering inside its stop at the caller's cancel")
  }

  @Test("An answer after TimedOut resumes nothing a second time, proved in a child process")
  func lateAnswerAfterTimeout() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Ex10_1_LegacyTimeoutTests.lateAnswer(byCancel: false)
      }
    }
    Self.expectNoSecondResume(child, after: "TimedOut", "withTimeout, its call answering after TimedOut")
  }

  @Test("An answer after the caller's cancel resumes nothing a second time, proved in a child process")
  func lateAnswerAfterCancel() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Ex10_1_LegacyTimeoutTests.lateAnswer(byCancel: true)
      }
    }
    Self.expectNoSecondResume(
      child, after: "the caller's cancel", "withTimeout, its call answering after the caller's cancel")
  }

  /// `withTimeout(.seconds(5))` of a call that can be stopped, its caller cancellable: the call's
  /// answer, the 5 s and the cancel come in every order; once 5 s have passed, the call never answers.
  static func answerDeadlineAndCancel() -> Interleavings.World {
    let clock = TestClock()
    let call = HeldLegacyCall()
    let events = Locked<[String]>([])
    let ended = Locked<(Result<String, any Error>, timerWaiting: Bool, stops: Int, seen: Int)?>(nil)
    let overslept = Locked<[TestClock.Instant]>([])
    let name = "the call withTimeout(.seconds(5), clock:, start: an export)"
    return Interleavings.World(
      callers: [
        Interleavings.Caller(name, cancellable: true) {
          let outcome = await withTaskCancellationHandler {
            await Interleavings.outcome { try await withTimeout(.seconds(5), clock: clock, start: call.start) }
          } onCancel: {
            events.withLock { $0.append("the cancel") }
          }
          let seen = events.withLock { $0.count }
          ended.withLock { $0 = (outcome, !clock.waitingSleeps.isEmpty, call.stops, seen) }
        }
      ],
      dependencies: [
        Interleavings.Dependency(
          // After the 5 s, this call never answers: code that waits for it waits for ever.
          waiting: { call.isWaiting && !events.withLock({ $0.contains("the 5 s") }) ? [0] : [] },
          answer: { _ in
            events.withLock { $0.append("the answer") }
            call.answer(with: .success("the report"))
            return "the export answered \"the report\""
          }),
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
        let first = events.withLock { $0.first } ?? "nothing"
        let late = overslept.withLock { $0 }
        if !late.isEmpty {
          return
            "5 s passed on the clock, and `withTimeout`'s timer still waited, until \(late): wait for `duration`, the one given, which \"When the time passes first\" explains. [wrong-duration]"
        }
        guard let (outcome, timerWaiting, stops, _) = ended.withLock({ $0 }) else {
          if first == "the cancel" {
            return
              "the caller was cancelled before the call answered, and `withTimeout` never returned: it waits for a call that ignores cancellation, which \"The caller's cancel\" explains. [cancel-ignored]"
          }
          return
            "5 s passed before the call answered, and `withTimeout` never returned: it waits for the call, which ignores cancellation and never answers, which \"When the time passes first\" explains. [timeout-waits-for-call]"
        }
        if first == "the cancel" && !(outcome.thrown is CancellationError) {
          return
            "the caller was cancelled before anything else, and `withTimeout` \(Self.did(outcome)): it waited for the call, which ignores cancellation. End the wait in a cancellation handler, which \"The caller's cancel\" explains. [cancel-ignored]"
        }
        // The 5 s wake the timer, which runs only when the caller's task runs on: a cancel made
        // meanwhile may decide first. The answer and the cancel decide the moment they come.
        let before = events.withLock { Array($0.prefix(ended.withLock { $0?.seen } ?? 0)) }
        let deciding = first == "the 5 s" ? Array(before.prefix(2)) : [first]
        let answered = (try? outcome.get()) == "the report"
        let right = deciding.contains { event in
          switch event {
          case "the answer": answered
          case "the 5 s": outcome.thrown is TimedOut
          default: outcome.thrown is CancellationError
          }
        }
        if !right {
          return
            "\(first) came first, and `withTimeout` \(Self.did(outcome)): the first of the answer, the 5 s and the caller's cancel decides, with the answer, `TimedOut` or `CancellationError`. [wrong-answer]"
        }
        if timerWaiting {
          return
            "`withTimeout` returned with its timer still waiting on the clock: an answer ends the timer, which \"A call that answers in time\" explains. [timer-left-running]"
        }
        if answered && stops != 0 {
          return
            "the call answered first, and `withTimeout` told it to stop (\(stops) times): a call that answered is never told to stop. [stopped-in-time]"
        }
        if !answered && stops != 1 {
          return
            "\(first) came before the call's answer, and `withTimeout` told the call to stop \(stops) times: exactly once, which \"When the time passes first\" explains. [not-stopped]"
        }
        return nil
      })
  }

  @Test(
    "The answer, the 5 s and the caller's cancel in every order: one outcome, the first's; stopped only if the call had not answered; nothing resumed twice; no timer left"
  )
  func everyOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex10_1_LegacyTimeoutTests.answerDeadlineAndCancel)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "withTimeout, its call's answer, 5 s and a cancel in every order")
  }
}

extension Result {
  /// The error of a failure, or `nil`.
  fileprivate var thrown: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }

  /// Whether this is a failure because the operation did not finish in time.
  fileprivate var didHang: Bool { thrown is DeadlineExceeded }
}
