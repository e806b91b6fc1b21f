import CourseKit
import LegacyKit
import Testing
import UncooperativeLegacy

@Suite("10.5 Keep the source alive until it answers", .exercise("10.5"))
struct Ex10_5_KeptAliveTests {
  /// One call of `report(id:)`, on an executor that says when the call has parked at its `await`.
  struct Flight {
    let id: String
    let call: Task<Report, any Error>
    let end: TaskEnd

    /// The call's outcome, or `DeadlineExceeded` once it missed its deadline, without throwing.
    func outcome() async -> Result<Report, any Error> {
      let call = self.call
      do {
        return .success(try await withDeadline("report(id: \"\(id)\")") { try await call.value })
      } catch {
        return .failure(error)
      }
    }
  }

  /// Starts `report(id:)`, and waits until the service has the request (the `requests`-th) and the
  /// call has parked at its `await`: from then on, everything the call did before it waits has been
  /// done, the release of a service nobody holds included. `nil`, with the verdict recorded, when
  /// the call waits without ever asking a service.
  static func start(
    _ client: ReportClient, _ id: String, on backend: ReportBackend, requests: Int = 1
  ) async -> Flight? {
    // A task does not keep its executor alive; a call that returns late still needs it.
    let watch = Unmanaged.passRetained(SuspensionWatch()).takeUnretainedValue()
    let call = Task(executorPreference: watch) { try await client.report(id: id) }
    let end = TaskEnd(call)
    _ = await eventually { backend.requests.count >= requests || end.hasEnded }
    _ = await watch.parked()
    guard backend.requests.count >= requests || end.hasEnded else {
      call.cancel()
      Issue.record(
        "`report(id: \"\(id)\")` waited, and no service was ever asked for the report (requests: \(backend.requests)): make a service with `makeService` and call its `fetchReport(id:completion:)`. [wrong-answer]"
      )
      return nil
    }
    let asked = backend.requests.count >= requests ? backend.requests[requests - 1] : id
    if asked != id {
      Issue.record(
        "`report(id: \"\(id)\")` asked its service for the report \"\(asked)\": ask for the report the caller named, `fetchReport(id: id)`. [wrong-answer]"
      )
    }
    return Flight(id: id, call: call, end: end)
  }

  /// In a child process: a call whose answer is held while nothing outside the client holds the
  /// service, then answered; the call must return that answer.
  static func heldThenAnswered() async throws {
    let (client, backend) = clientAndBackend()
    guard let flight = await start(client, "q3", on: backend) else {
      throw ResumeProbe.ProbeFailure("`report(id:)` never asked a service for the report. [wrong-answer]")
    }
    backend.answer(0, with: .success(report("q3")))
    let answer = try await flight.call.value
    guard answer == report("q3") else {
      throw ResumeProbe.ProbeFailure(
        "the service answered \(report("q3")), and `report(id:)` returned \(answer). [wrong-answer]")
    }
  }

  @Test("The call returns the report its service answers, once nobody outside holds the service")
  func returnsTheReport() async {
    let (client, backend) = Self.clientAndBackend()
    guard let flight = await Self.start(client, "q3", on: backend) else { return }
    if Self.recordIfReleased(backend, "before its answer came") { return }
    backend.answer(0, with: .success(Self.report("q3")))
    let outcome = await flight.outcome()
    if outcome.isHang && Self.recordIfReleased(backend, "before its answer came") { return }
    #expect(
      (try? outcome.get()) == Self.report("q3"),
      "The service answered \(Self.report("q3")), and `report(id: \"q3\")` \(Self.did(outcome)): return the service's report. [wrong-answer]"
    )
  }

  @Test("A call cancelled while its request is in flight still keeps its service until it answers, and returns")
  func cancelledCallKeepsItsService() async {
    let (client, backend) = Self.clientAndBackend()
    guard let flight = await Self.start(client, "q5", on: backend) else { return }
    // A cancellation handler runs inside `cancel()`: a service let go there is gone when it returns.
    flight.call.cancel()
    if Self.recordIfReleased(backend, "once its caller was cancelled, before its answer came") { return }
    backend.answer(0, with: .success(Self.report("q5")))
    let outcome = await flight.outcome()
    if outcome.isHang && Self.recordIfReleased(backend, "once its caller was cancelled, before its answer came") {
      return
    }
    #expect(
      !outcome.isHang,
      "The caller of `report(id: \"q5\")` was cancelled, the service then answered, and the call never returned: whether a cancelled call returns at once or waits for its answer is yours, but it returns. [source-released]"
    )
  }

  @Test("A failure of the service is thrown as it is")
  func throwsTheFailure() async {
    let (client, backend) = Self.clientAndBackend()
    guard let flight = await Self.start(client, "q4", on: backend) else { return }
    if Self.recordIfReleased(backend, "before its answer came") { return }
    backend.answer(0, with: .failure(ReportFailure(number: 4)))
    let outcome = await flight.outcome()
    if outcome.isHang && Self.recordIfReleased(backend, "before its answer came") { return }
    #expect(
      outcome.failureError as? ReportFailure == ReportFailure(number: 4),
      "The service failed with ReportFailure(4), and `report(id: \"q4\")` \(Self.did(outcome)): throw the service's error, as it is. [wrong-answer]"
    )
  }

  @Test("A call started after an earlier one has answered leaves the calls still in flight their services")
  func callAfterAnAnswer() async {
    let (client, backend) = Self.clientAndBackend()
    guard let first = await Self.start(client, "q1", on: backend, requests: 1),
      let second = await Self.start(client, "q2", on: backend, requests: 2)
    else { return }
    if Self.recordIfReleased(backend, "while a second call was in flight") { return }
    backend.answer(0, with: .success(Self.report("q1")))
    _ = await first.outcome()
    // Two calls have started and one has ended: a third keyed by how many are in flight takes the
    // second's place.
    guard let third = await Self.start(client, "q3", on: backend, requests: 3) else { return }
    if Self.recordIfReleased(backend, "when `report(id: \"q3\")` started, after `report(id: \"q1\")` had answered") {
      backend.answer(2, with: .success(Self.report("q3")))
      _ = await third.outcome()
      return
    }
    backend.answer(1, with: .success(Self.report("q2")))
    backend.answer(2, with: .success(Self.report("q3")))
    let outcomes = (await second.outcome(), await third.outcome())
    if (outcomes.0.isHang || outcomes.1.isHang)
      && Self.recordIfReleased(backend, "when `report(id: \"q3\")` started, after `report(id: \"q1\")` had answered")
    {
      return
    }
    #expect(
      (try? outcomes.0.get()) == Self.report("q2") && (try? outcomes.1.get()) == Self.report("q3"),
      "`report(id: \"q1\")` answered, then `report(id: \"q3\")` started while `report(id: \"q2\")` was in flight, and they \(Self.did(outcomes.0)) and \(Self.did(outcomes.1)): each call keeps its own service until its own answer, under a key no later call can take. [source-released]"
    )
  }

  @Test(
    "Two calls in flight at once each keep their own service until their own answer, whichever answers first, for two ids or the same one",
    arguments: [(["q1", "q2"], false), (["q1", "q2"], true), (["q1", "q1"], true)])
  func overlappingCalls(ids: [String], secondFirst: Bool) async {
    let (client, backend) = Self.clientAndBackend()
    guard let first = await Self.start(client, ids[0], on: backend, requests: 1),
      let second = await Self.start(client, ids[1], on: backend, requests: 2)
    else { return }
    if Self.recordIfReleased(backend, "while a second call was in flight") { return }
    let flights = [first, second]
    let order = secondFirst ? [1, 0] : [0, 1]
    let named = ids[0] == ids[1] ? ["the first", "the second"] : ids.map { "`report(id: \"\($0)\")`" }
    // One answer at a time, and its call returned, before the next: an answer must end its own call,
    // and leave the other call's service alone, whatever the order and the ids.
    var outcomes: [Result<Report, any Error>?] = [nil, nil]
    for (place, index) in order.enumerated() {
      backend.answer(index, with: .success(Self.report(ids[index])))
      let flight = flights[index]
      outcomes[index] = await flight.outcome()
      if place == 0,
        Self.recordIfReleased(
          backend, "after \(named[index])'s answer, while \(named[1 - index]) was still in flight (calls for \(ids))")
      {
        return
      }
    }
    let results = outcomes.map { $0.flatMap { try? $0.get() } }
    #expect(
      results == ids.map { Self.report($0) },
      "Two calls were in flight at once (for \(ids)), answered \(secondFirst ? "the second first" : "in order"), and they returned \(outcomes.map { $0.map(Self.did) ?? "nothing" }): each call returns its own service's report. [wrong-answer]"
    )
  }

  @Test("The same report asked for again, after the first call has returned, is asked of a new service")
  func askedAgain() async {
    let (client, backend) = Self.clientAndBackend()
    for time in 1...2 {
      guard let flight = await Self.start(client, "q1", on: backend, requests: time) else { return }
      let nth = time == 1 ? "first" : "second"
      if Self.recordIfReleased(backend, "asked for the \(nth) time") { return }
      backend.answer(time - 1, with: .success(Self.report("q1", version: time)))
      let outcome = await flight.outcome()
      if outcome.isHang, Self.recordIfReleased(backend, "asked for the \(nth) time") { return }
      #expect(
        (try? outcome.get()) == Self.report("q1", version: time),
        "`report(id: \"q1\")`, asked for the \(nth) time, \(Self.did(outcome)), where its service answered \(Self.report("q1", version: time)): each call asks a service of its own and returns what that service answers, never an earlier answer. [wrong-answer]"
      )
    }
  }

  @Test("Once it has answered, value or error, the service is released")
  func releasedAfterTheAnswer() async {
    let (client, backend) = Self.clientAndBackend()
    let answers: [(id: String, outcome: Result<Report, any Error>, words: String)] = [
      ("q5", .success(Self.report("q5")), "returned its report"),
      ("q6", .failure(ReportFailure(number: 6)), "threw its service's error"),
    ]
    for (index, answer) in answers.enumerated() {
      guard let flight = await Self.start(client, answer.id, on: backend, requests: index + 1) else { return }
      if Self.recordIfReleased(backend, "before its answer came") { return }
      backend.answer(index, with: answer.outcome)
      let outcome = await flight.outcome()
      if outcome.isHang && Self.recordIfReleased(backend, "before its answer came") { return }
      guard !outcome.isHang else {
        Issue.record("`report(id: \"\(answer.id)\")` \(Self.did(outcome)) after its service answered. [wrong-answer]")
        return
      }
      _ = await eventually { backend.servicesAlive == 0 }
      let alive = backend.servicesAlive
      #expect(
        alive == 0,
        "`report(id: \"\(answer.id)\")` \(answer.words), and \(alive == 1 ? "its service was" : "\(alive) services were") still alive after the call returned: something kept it after it answered. Let the service go once its completion has run, on every path, so its connection closes. [source-kept-forever]"
      )
      guard alive == 0 else { return }
    }
  }

  @Test(
    "In a process of its own: with the answer held and every outside reference gone, the call still returns once answered"
  )
  func keptAliveUntilItAnswers() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex10_5_KeptAliveTests.heldThenAnswered() }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "`report(id: \"q3\")`",
      ifHung:
        "With the answer held and nothing outside the client holding the service, the service was released while its request was in flight: its deinit dropped the request, so the completion never ran and the call never returned. Hold the service strongly until its completion has run. [source-released]"
    )
  }
}

extension Result {
  /// Whether this is a failure because the operation did not finish in time.
  fileprivate var isHang: Bool {
    if case .failure(let error) = self { return error is DeadlineExceeded }
    return false
  }

  /// The error of a failure, or `nil`.
  fileprivate var failureError: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}
