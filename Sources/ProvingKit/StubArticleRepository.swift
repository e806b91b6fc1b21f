import LegacyKit
import Locking

/// A repository that answers each call with the next of its results: what a presenter's test needs.
///
/// An app's own test target keeps one like it. It knows nothing of promises or of the legacy
/// singleton, so a presenter tested with it is tested at its boundary, `ArticleRepository`, alone.
///
/// ```swift
/// let repository = StubArticleRepository(.success(articles), .failure(LegacyError.offline))
/// // the first call returns `articles`, every later call throws `LegacyError.offline`
/// ```
public final class StubArticleRepository: ArticleRepository {
  private let state: Locked<(results: [Swift.Result<[Article], any Error>], calls: [Bool])>

  /// A stub whose first call gets `first`, the next `rest[0]`, and so on; the last result repeats.
  public init(_ first: Swift.Result<[Article], any Error>, _ rest: Swift.Result<[Article], any Error>...) {
    state = Locked(([first] + rest, []))
  }

  /// The `refresh` flag of every call so far, in order.
  public var calls: [Bool] {
    state.withLock { $0.calls }
  }

  public func latest(refresh: Bool) async throws -> [Article] {
    let result = state.withLock { state in
      state.calls.append(refresh)
      return state.results.count > 1 ? state.results.removeFirst() : state.results[0]
    }
    return try result.get()
  }
}
