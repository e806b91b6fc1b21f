import LegacyKit
import Locking

/// A repository that answers with a fixed result: what a presenter's test needs, and nothing of promises.
///
/// This file does not import PromiseKitLite: once screens depend on `ArticleRepository`,
/// their tests no longer know how articles are fetched.
public final class StubArticleRepository: ArticleRepository {
  /// What every call returns or throws.
  public let result: Swift.Result<[Article], any Error>
  private let refreshes = Locked<[Bool]>([])
  private let delay: Duration
  private let gauge: ConcurrencyGauge?

  /// A stub answering with `result`, after `delay`, counting overlapping calls in `gauge` if given.
  public init(_ result: Swift.Result<[Article], any Error>, delay: Duration = .zero, gauge: ConcurrencyGauge? = nil) {
    self.result = result
    self.delay = delay
    self.gauge = gauge
  }

  /// The `refresh` flag of every call, in order.
  public var calls: [Bool] {
    refreshes.withLock { $0 }
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    refreshes.withLock { $0.append(refresh) }
    return try await ConcurrencyGauge.measure(gauge) {
      if delay > .zero { try? await Task.sleep(for: delay) }
      return try result.get()
    }
  }
}
