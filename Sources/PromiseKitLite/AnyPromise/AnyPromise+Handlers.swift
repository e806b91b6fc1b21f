import Dispatch

extension AnyPromise {
  /// Runs `body` with no parameters once fulfilled; its return value is read like a resolution.
  public func then(
    on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable () -> (any Sendable)?
  ) -> AnyPromise {
    chain(on: queue) { _ in body() }
  }

  /// Runs `body` with the first value once fulfilled.
  public func then(
    on queue: DispatchQueue? = conf.Q.map,
    _ body: @escaping @Sendable ((any Sendable)?) -> (any Sendable)?
  ) -> AnyPromise {
    chain(on: queue) { values in body(values[0]) }
  }

  /// Runs `body` with the first two values (the second is `nil` unless a ``Manifold`` supplied it).
  public func then(
    on queue: DispatchQueue? = conf.Q.map,
    _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?) -> (any Sendable)?
  ) -> AnyPromise {
    chain(on: queue) { values in body(values[0], values[1]) }
  }

  /// Runs `body` with the first three values (missing ones are `nil`).
  public func then(
    on queue: DispatchQueue? = conf.Q.map,
    _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?, (any Sendable)?) -> (any Sendable)?
  ) -> AnyPromise {
    chain(on: queue) { values in body(values[0], values[1], values[2]) }
  }

  /// Runs `body` once fulfilled and fulfills the result with `nil`: a handler that returns nothing.
  public func then(on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable () -> Void) -> AnyPromise {
    chain(on: queue) { _ in
      body()
      return nil
    }
  }

  /// Runs `body` with the first value and fulfills the result with `nil`.
  public func then(
    on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable ((any Sendable)?) -> Void
  ) -> AnyPromise {
    chain(on: queue) { values in
      body(values[0])
      return nil
    }
  }

  /// Runs `body` with the first two values and fulfills the result with `nil`.
  public func then(
    on queue: DispatchQueue? = conf.Q.map,
    _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?) -> Void
  ) -> AnyPromise {
    chain(on: queue) { values in
      body(values[0], values[1])
      return nil
    }
  }

  /// Runs `body` with the first three values and fulfills the result with `nil`.
  public func then(
    on queue: DispatchQueue? = conf.Q.map,
    _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?, (any Sendable)?) -> Void
  ) -> AnyPromise {
    chain(on: queue) { values in
      body(values[0], values[1], values[2])
      return nil
    }
  }

  /// Handles a rejection and *recovers* from it: the returned promise settles with what `body` returns.
  ///
  /// This is the biggest difference from `Promise<T>.catch`, which ends a chain:
  /// here `catch` is `recover`. Returning nothing fulfills with `nil`, so a `then`
  /// after it runs; return the error (or another rejected promise) to stay
  /// rejected. Cancellations pass through unless `policy` is `.allErrors`.
  public func `catch`(
    on queue: DispatchQueue? = conf.Q.return, policy: CatchPolicy = conf.catchPolicy,
    _ body: @escaping @Sendable (any Error) -> (any Sendable)?
  ) -> AnyPromise {
    let target = HandlerQueue(queue)
    let (next, _) = Promise<Values>.pending()
    storage.pipe { result in
      switch result {
      case .rejected(let error) where policy.handles(error):
        target.async { AnyPromise.settle(next, with: body(error)) }
      case .rejected, .fulfilled:
        next.settle(result)
      }
    }
    return AnyPromise(storage: next)
  }

  /// Handles a rejection with a handler that returns nothing, which *fulfills* the result with `nil`.
  public func `catch`(
    on queue: DispatchQueue? = conf.Q.return, policy: CatchPolicy = conf.catchPolicy,
    _ body: @escaping @Sendable (any Error) -> Void
  ) -> AnyPromise {
    self.catch(on: queue, policy: policy) { (error: any Error) -> (any Sendable)? in
      body(error)
      return nil
    }
  }

  /// Runs `body` when the promise settles, either way, and passes the resolution on unchanged.
  public func ensure(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping @Sendable () -> Void) -> AnyPromise {
    AnyPromise(storage: storage.ensure(on: queue, body))
  }

  private func chain(
    on queue: DispatchQueue?, _ body: @escaping @Sendable (Values) -> (any Sendable)?
  ) -> AnyPromise {
    let target = HandlerQueue(queue)
    let (next, _) = Promise<Values>.pending()
    storage.pipe { result in
      switch result {
      case .fulfilled(let values):
        target.async { AnyPromise.settle(next, with: body(values)) }
      case .rejected:
        next.settle(result)
      }
    }
    return AnyPromise(storage: next)
  }
}
