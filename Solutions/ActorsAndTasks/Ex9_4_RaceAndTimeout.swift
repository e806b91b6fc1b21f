// Exercise 9.4 · `race` and a timeout on an injected clock · solution

/// The operation did not finish within its time.
public struct TimedOut: Error, Equatable {
  /// A timeout.
  public init() {}
}

/// What the first of `mirrors` to finish returns or throws, every other one cancelled: `race`, structured.
public func firstAnswer<Value: Sendable>(
  from mirrors: [@Sendable () async throws -> Value]
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value.self) { group in
    for mirror in mirrors { group.addTask { try await mirror() } }
    defer { group.cancelAll() }  // the losers stop; the group still awaits them before it returns
    guard let first = try await group.next() else { throw CancellationError() }
    return first
  }
}

/// What `operation` returns, unless `duration` passes first on `clock`: then `TimedOut`, and the
/// operation cancelled.
public func withTimeout<C: Clock, Value: Sendable>(
  _ duration: C.Duration, clock: C, operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      try await clock.sleep(for: duration)
      throw TimedOut()
    }
    defer { group.cancelAll() }
    guard let first = try await group.next() else { throw CancellationError() }
    return first
  }
}
