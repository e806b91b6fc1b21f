import Locking

/// A value that will exist later, or the error that explains why it never will.
///
/// A promise settles once, then never changes. Handlers attached with `then`,
/// `map`, `done`, `catch` and friends run once it has settled, each at most once,
/// in the order they were attached, and never before the code that attached them
/// has returned (unless attached with `on: nil`).
///
/// ```swift
/// firstly {
///     api.fetchUser(id: 42)
/// }.map(\.name).done { name in
///     label.text = name
/// }.catch { error in
///     show(error)
/// }
/// ```
///
/// `T` is `Sendable` because a promise hands its value across threads by design.
public final class Promise<T: Sendable>: Thenable, CatchMixin, Settleable, @unchecked Sendable {
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

  // Nothing can settle a promise once it is gone, so whatever waited for it waits forever:
  // PromiseKit's resolver says so as it goes, and so does this. (No lock: a promise being
  // deinitialized has no other reference.)
  deinit {
    if case .pending = state { conf.logHandler(.pendingPromiseDeallocated) }
  }

  /// Creates a pending promise and runs `body` with its resolver at once.
  ///
  /// A `throw` inside `body` rejects the promise, so setup code can use `try`.
  @inlinable
  public convenience init(resolver body: (Resolver<T>) throws -> Void) {
    self.init(state: .pending(.none))
    do {
      try body(Resolver(self))
    } catch {
      settle(.rejected(error))
    }
  }

  /// Creates a promise that is already rejected with `error`.
  @inlinable
  public convenience init(error: any Error) {
    self.init(state: .settled(.rejected(error)))
  }

  /// Creates a promise that is already fulfilled with `value`.
  ///
  /// A static function rather than an initializer, as in PromiseKit, because
  /// `Promise(value)` would read as ambiguous next to `Promise(error:)` and
  /// `Promise { seal in }` whenever `T` is itself an error or a closure.
  @inlinable
  public static func value(_ value: T) -> Promise<T> {
    Promise(state: .settled(.fulfilled(value)))
  }

  /// Creates a pending promise and the resolver that settles it.
  ///
  /// Use it when the code that settles the promise lives apart from the code that
  /// creates it (a delegate callback, a stored completion).
  @inlinable
  public static func pending() -> (promise: Promise<T>, resolver: Resolver<T>) {
    let promise = Promise(state: .pending(.none))
    return (promise, Resolver(promise))
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

extension Promise where T == Void {
  /// Creates a `Promise<Void>` that is already fulfilled.
  @inlinable
  public convenience init() {
    self.init(state: .settled(.fulfilled(())))
  }

  /// A `Promise<Void>` that is already fulfilled: `return .value` from a handler.
  public static var value: Promise<Void> {
    Promise()
  }
}

extension Promise {
  /// Creates a promise that settles like `thenable`: a way to turn a ``Guarantee`` (or
  /// any other promise type) into a `Promise` where a function must return one.
  public convenience init<U: Thenable>(_ thenable: U) where U.T == T {
    self.init(state: .pending(.none))
    thenable.pipe { [self] result in settle(result) }
  }
}
