import CourseKit
import LegacyKit
import Testing
import UncooperativeLegacy

extension Ex10_5_KeptAliveTests {
  /// A failure the suite answers with, told apart by its number.
  struct ReportFailure: Error, Equatable, CustomStringConvertible {
    let number: Int
    var description: String { "ReportFailure(\(number))" }
  }

  /// A backend the test answers by hand, and a client whose services talk to it. The test keeps no
  /// service: `makeService` makes one and hands it over, so the client's code is all that can hold it.
  static func clientAndBackend() -> (ReportClient, ReportBackend) {
    let backend = ReportBackend()
    return (ReportClient { ReportService(backend: backend) }, backend)
  }

  /// The report the test answers request `id` with.
  static func report(_ id: String) -> Report {
    Report(id: id, title: "Report \(id)")
  }

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
    return Flight(id: id, call: call, end: end)
  }

  /// Records the lesson's sentence when a service was released while its request was in flight, and
  /// returns whether one was. Such a call never returns: the service's `deinit` dropped its
  /// completion, uncalled, so the test does not wait for it. `when` says when, in parentheses.
  static func recordIfReleased(_ backend: ReportBackend, _ when: String) -> Bool {
    let dropped = backend.droppedRequests
    guard !dropped.isEmpty else { return false }
    let requests = backend.requests
    let calls = dropped.map { "`report(id: \"\(requests[$0])\")`" }
    let what =
      calls.count == 1
      ? "\(calls[0]) asked its service for the report, and the service was released while its request was in flight (\(when)): its deinit dropped the request, so the completion never ran and the call never returned."
      : "\(calls.joined(separator: " and ")) asked their services for their reports, and each service was released while its request was in flight (\(when)): its deinit dropped the request, so the completion never ran and the call never returned."
    Issue.record(
      Comment(
        rawValue:
          "\(what) Hold the service strongly until its completion has run: a temporary, a weak or unowned reference, or a slot the next call overwrites, holds nothing. [source-released]"
      ))
    return true
  }

  /// What a call did, in words that follow its name: "returned …", "threw …", or "did not finish …".
  static func did(_ outcome: Result<Report, any Error>) -> String {
    switch outcome {
    case .success(let report): "returned \(report)"
    case .failure(let error as DeadlineExceeded): "did not finish (\(error.words))"
    case .failure(let error): "threw \(error)"
    }
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
}
