// Exercise 9.5 · Who owns a task: search as you type · solution

/// A search screen's model: each keystroke's search replaces the last, and the screen shows only
/// the newest query's results.
@MainActor
public final class SearchModel {
  /// The results on screen: an answer to the query that was newest when it came, or empty.
  public private(set) var results: [String] = []
  /// The newest query's error, if its search failed.
  public private(set) var failure: (any Error)?
  private let search: @Sendable (String) async throws -> [String]
  private var current: Task<Void, Never>?

  /// A model that looks each query up with `search`.
  public init(search: @escaping @Sendable (String) async throws -> [String]) {
    self.search = search
  }

  /// The query changed: cancel the search under way and start this one.
  public func queryChanged(_ query: String) {
    current?.cancel()
    let search = self.search
    // Weak: the task must not keep the screen alive; the screen's end cancels it (deinit).
    current = Task { [weak self] in
      do {
        let found = try await search(query)
        // A search that ignored its cancellation can still answer: a newer query owns the screen now.
        guard !Task.isCancelled else { return }
        self?.results = found
        self?.failure = nil
      } catch is CancellationError {
      } catch {
        guard !Task.isCancelled else { return }
        self?.failure = error
      }
    }
  }

  deinit {
    current?.cancel()
  }
}
