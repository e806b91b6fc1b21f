import Locking

/// Counts how many calls overlap, to prove that independent requests run at the same time.
public final class ConcurrencyGauge: Sendable {
  private let state = Locked((now: 0, most: 0))

  /// A gauge that has seen nothing.
  public init() {}

  /// The most calls that were in flight at once.
  public var mostAtOnce: Int {
    state.withLock { $0.most }
  }

  /// Runs `body`, counted in `gauge` when there is one.
  static func measure<T: Sendable>(_ gauge: ConcurrencyGauge?, _ body: () async throws -> T) async rethrows -> T {
    gauge?.state.withLock {
      $0.now += 1
      $0.most = max($0.most, $0.now)
    }
    defer { gauge?.state.withLock { $0.now -= 1 } }
    return try await body()
  }
}
