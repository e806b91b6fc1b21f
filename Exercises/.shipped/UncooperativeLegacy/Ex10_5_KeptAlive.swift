// Exercise 10.5 · Keep the source alive until it answers
// Grade 2 (practice) · Lesson: Docs/10-legacy-code-that-does-not-cooperate.md#keep-the-source-alive-until-it-answers
// Check it: swift run course check 10.5   (or: swift test --filter UncooperativeLegacyTests.Ex10_5_KeptAliveTests)
//
// `report(id:)` asks a `ReportService` of its own, made by `makeService`, for the report `id`, and
// returns what the service answers: its report, or its error, as it is. [wrong-answer]
// The service lives until it answers. A service that goes away cancels its requests, and their
// completions are never called, so a call whose service is released in flight never returns; and
// nobody else holds it, not the caller, not `makeService`. [source-released]
// Calls may overlap: each keeps its own service until its own answer. [source-released]
// Once it has answered, value or error, the service is released: nothing keeps it after the call
// returns. [source-kept-forever]
// (The service cannot cancel a request, except by going away: this exercise leaves cancellation out.
// A call whose caller is cancelled may return at once or wait for its answer; either way its
// service lives until it answers.) [source-released]

import CourseCatalog
import LegacyKit

/// Reports from the legacy `ReportService`, one service per call, as `async` calls.
public final class ReportClient: Sendable {
  private let makeService: @Sendable () -> ReportService

  /// A client that makes a service with `makeService` for each report it is asked for.
  public init(makeService: @escaping @Sendable () -> ReportService) {
    self.makeService = makeService
  }

  /// The report `id`, from a service of its own, kept alive until it answers, and no longer.
  public func report(id: String) async throws -> Report {
    throw NotStarted("10.5", "report")  // Replace this line.
  }
}
