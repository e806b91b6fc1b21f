import Locking

/// A promise that cannot fail: it always fulfills.
///
/// Use it where failure is impossible (a timer, a `when(resolved:)` report, a
/// `recover` that always produces a fallback), so that callers need no `catch`
/// and the compiler says so.
public final class Guarantee<T: Sendable>: Thenable, Settleable, @unchecked Sendable {
  // Read and written only under `StripedLock.withLock(for: self)`: the lock that keeps a
  // million promises from costing a million lock allocations. That lock is what keeps
  // accesses apart, so the runtime's own exclusivity check is skipped (it cost more
  // instructions per promise than the lock itself).
  @usableFromInline
  @exclusivity(unchecked) nonisolated(unsafe) var state: PromiseState<T>

  @inlinable
  init(state: PromiseState<T>) {
    self.state = state
  }

  // Nothing can fulfill a guarantee once it is gone: say so, as PromiseKit does.
  deinit {
    if case .pending = state { conf.logHandler(.pendingGuaranteeDeallocated) }
  }

  /// Creates a pending guarantee and runs `body` with the function that fulfills it.
  @inlinable
  public convenience init(resolver body: (@escaping @Sendable (T) -> Void) -> Void) {
    self.init(state: .pending(.none))
    body { [self] value in settle(.fulfilled(value)) }
  }

  /// Creates a guarantee that is already fulfilled with `value`.
  @inlinable
  public static func value(_ value: T) -> Guarantee<T> {
    Guarantee(state: .settled(.fulfilled(value)))
  }

  /// Creates a pending guarantee and the function that fulfills it.
  @inlinable
  public static func pending() -> (guarantee: Guarantee<T>, resolve: @Sendable (T) -> Void) {
    let guarantee = Guarantee(state: .pending(.none))
    return (guarantee, { value in guarantee.settle(.fulfilled(value)) })
  }

  @inlinable
  public func pipe(to: @escaping @Sendable (Result<T>) -> Void) {
    register(to)
  }

  @inlinable
  public var result: Result<T>? {
    currentResult
  }

  @inlinable
  func withState<R: Sendable>(_ body: (inout PromiseState<T>) -> R) -> R {
    StripedLock.withLock(for: self) { body(&state) }
  }

}

extension Guarantee where T == Void {
  /// Creates a `Guarantee<Void>` that is already fulfilled.
  @inlinable
  public convenience init() {
    self.init(state: .settled(.fulfilled(())))
  }

  /// A `Guarantee<Void>` that is already fulfilled: `return .value` from a handler.
  public static var value: Guarantee<Void> {
    Guarantee()
  }
}
