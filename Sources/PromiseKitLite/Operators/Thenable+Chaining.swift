import Dispatch

extension Thenable {
  /// Runs `body` with the value and continues with the promise it returns.
  ///
  /// Use `then` for a step that is itself asynchronous (another request); use
  /// ``map(on:flags:_:)`` for a step that just computes. A rejection skips `body`
  /// and passes straight through. A `throw` inside `body` rejects the chain.
  @inlinable
  public func then<U: Thenable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) throws -> U
  ) -> Promise<U.T> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<U.T>.pending()
    pipe { result in
      switch result {
      case .fulfilled(let value):
        target.async {
          do {
            let next = try body(value)
            guard next !== rp else { throw PMKError.returnedSelf }
            next.pipe { rp.settle($0) }
          } catch {
            rp.settle(.rejected(error))
          }
        }
      case .rejected(let error):
        rp.settle(.rejected(error))
      }
    }
    return rp
  }

  /// Transforms the value with `transform`; a `throw` rejects the chain.
  @inlinable
  public func map<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T) throws -> U
  ) -> Promise<U> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<U>.pending()
    pipe { result in
      switch result {
      case .fulfilled(let value):
        target.async {
          rp.settle(Result(catching: { try transform(value) }))
        }
      case .rejected(let error):
        rp.settle(.rejected(error))
      }
    }
    return rp
  }

  /// Transforms the value, rejecting with ``PMKError/compactMap(_:_:)`` when `transform` returns `nil`.
  ///
  /// Use it where a missing value is an error (a response without the field the
  /// screen needs), so the chain says so instead of carrying an optional along.
  @inlinable
  public func compactMap<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T) throws -> U?
  ) -> Promise<U> {
    map(on: queue, flags: flags) { value in
      guard let transformed = try transform(value) else {
        throw PMKError.compactMap(value, U.self)
      }
      return transformed
    }
  }

  /// Consumes the value at the end of a chain.
  ///
  /// The result is deliberately not discardable: a chain that ends in `done` has
  /// nobody to hear its errors, so the compiler's "unused result" warning is the
  /// reminder to add a `catch`.
  @inlinable
  public func done(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) throws -> Void
  ) -> Promise<Void> {
    map(on: queue, flags: flags, body)
  }

  /// Looks at the value without changing it (for logging, caching); a `throw` rejects.
  @inlinable
  public func get(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) throws -> Void
  ) -> Promise<T> {
    map(on: queue, flags: flags) { value in
      try body(value)
      return value
    }
  }

  /// Looks at the result, value or error, without changing it.
  @inlinable
  public func tap(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (Result<T>) -> Void
  ) -> Promise<T> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<T>.pending()
    pipe { result in
      target.async {
        body(result)
        rp.settle(result)
      }
    }
    return rp
  }

  /// Forgets the value, keeping only success or failure.
  @inlinable
  public func asVoid() -> Promise<Void> {
    map(on: nil) { _ in }
  }
}
