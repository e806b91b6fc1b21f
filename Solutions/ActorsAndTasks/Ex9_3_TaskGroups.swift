// Exercise 9.3 · `when` becomes a task group · solution

/// Every id's value, in the order of `ids`, or the first error: `when(fulfilled:)`, structured.
public func fetchAll<Value: Sendable>(
  _ ids: [Int], fetch: @escaping @Sendable (Int) async throws -> Value
) async throws -> [Value] {
  try await withThrowingTaskGroup(of: (Int, Value).self) { group in
    for (position, id) in ids.enumerated() {
      group.addTask { (position, try await fetch(id)) }
    }
    // Children finish in any order; each result goes back to its place. The first error to
    // arrive leaves the closure, and the group cancels and awaits every sibling before it returns.
    var values = [Value?](repeating: nil, count: ids.count)
    for try await (position, value) in group { values[position] = value }
    return values.compactMap { $0 }
  }
}

/// Every id's outcome, in the order of `ids`, failures included: `when(resolved:)`, structured.
public func fetchEach<Value: Sendable>(
  _ ids: [Int], fetch: @escaping @Sendable (Int) async throws -> Value
) async -> [Result<Value, any Error>] {
  await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    for (position, id) in ids.enumerated() {
      group.addTask {
        do { return (position, .success(try await fetch(id))) } catch { return (position, .failure(error)) }
      }
    }
    var outcomes = [Result<Value, any Error>?](repeating: nil, count: ids.count)
    for await (position, outcome) in group { outcomes[position] = outcome }
    return outcomes.compactMap { $0 }
  }
}
