/// A callback waiting for a promise to settle.
@usableFromInline
typealias Handler<T> = @Sendable (Result<T>) -> Void

/// The handlers registered on a pending promise, kept in registration order.
///
/// Most promises have exactly one handler (the next link of a chain), so the
/// single-handler case is stored inline and costs no array allocation.
@usableFromInline
enum Handlers<T: Sendable>: Sendable {
  case none
  case one(Handler<T>)
  case many([Handler<T>])

  /// How many handlers wait.
  var count: Int {
    switch self {
    case .none: 0
    case .one: 1
    case .many(let all): all.count
    }
  }

  @inlinable
  mutating func append(_ handler: @escaping Handler<T>) {
    switch self {
    case .none: self = .one(handler)
    case .one(let first): self = .many([first, handler])
    case .many(var all):
      self = .none
      all.append(handler)
      self = .many(all)
    }
  }
}

/// The life of one promise as a pure state machine: pending, then settled forever.
///
/// Transitions never call out; they return what the caller must do once it has
/// released the lock (run these handlers, or run this one handler now), so no
/// user code ever runs while the lock is held.
@usableFromInline
enum PromiseState<T: Sendable>: Sendable {
  /// Not settled yet; the handlers wait in registration order.
  case pending(Handlers<T>)
  /// Settled: the result never changes again (Promises/A+ 2.1.2, 2.1.3).
  case settled(Result<T>)

  /// What registering a handler asks the caller to do.
  @usableFromInline
  enum RegisterAction: Sendable {
    /// The handler was stored; it runs when the promise settles.
    case stored
    /// The promise had already settled: run the handler with this result.
    case runNow(Result<T>)
  }

  @inlinable
  mutating func register(_ handler: @escaping Handler<T>) -> RegisterAction {
    switch self {
    case .pending(var handlers):
      self = .pending(.none)  // keep the handler storage uniquely referenced
      handlers.append(handler)
      self = .pending(handlers)
      return .stored
    case .settled(let result):
      return .runNow(result)
    }
  }

  /// Settles with `result` and returns the handlers to run, or `nil` when the
  /// promise had settled already (the first resolution wins; later ones are ignored).
  @inlinable
  mutating func settle(_ result: Result<T>) -> Handlers<T>? {
    switch self {
    case .pending(let handlers):
      self = .settled(result)
      return handlers
    case .settled:
      return nil
    }
  }

  @inlinable
  var result: Result<T>? {
    if case .settled(let result) = self { return result }
    return nil
  }
}

/// A promise's state read once under its lock, with the handlers counted rather than copied.
enum StateSnapshot<T: Sendable>: Sendable {
  case pending(Int)
  case settled(Result<T>)

  init(_ state: PromiseState<T>) {
    switch state {
    case .pending(let handlers): self = .pending(handlers.count)
    case .settled(let result): self = .settled(result)
    }
  }
}
