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

  /// The report the test answers request `id` with; a `version` after the first is a later edition.
  static func report(_ id: String, version: Int = 1) -> Report {
    Report(id: id, title: version == 1 ? "Report \(id)" : "Report \(id), edition \(version)")
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
}
