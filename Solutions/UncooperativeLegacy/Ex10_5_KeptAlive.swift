// Exercise 10.5 · Keep the source alive until it answers · solution

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
    try await withCheckedThrowingContinuation { continuation in
      let service = makeService()
      service.fetchReport(id: id) { result in
        // The completion holds the service, strongly, while the service holds the completion: the
        // service lives as long as its request is pending. Once it has called the completion, it lets
        // the completion go, and with it the last reference to itself.
        withExtendedLifetime(service) { continuation.resume(with: result) }
      }
    }
  }
}
