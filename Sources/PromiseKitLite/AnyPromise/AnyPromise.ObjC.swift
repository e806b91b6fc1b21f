import Dispatch

extension AnyPromise {
  /// The Objective-C face of an `AnyPromise`: `then` with zero to three loose parameters,
  /// a `catch` that recovers, and a `value` that holds the error.
  ///
  /// In PromiseKit these semantics belong to the Objective-C side (`[promise then:]`,
  /// `[promise catch:]`, `promise.value`), which PromiseKit keeps out of Swift's sight
  /// (Swift sees them as `__thenOn:`, `__catchOn:`…). Swift code that holds the same
  /// promise uses its Swift face instead, where `catch` ends the chain as on any promise.
  /// Here the Objective-C face is reachable from Swift under a name that says so, so
  /// that legacy Objective-C chains can be modelled, run and tested:
  ///
  /// ```swift
  /// legacy.objc.then { user, count in
  ///     "\(user ?? "someone"): \(count ?? 0)"
  /// }.objc.catch { error in
  ///     nil  // recovers: the chain fulfills with nil
  /// }
  /// ```
  ///
  /// Each step returns an ``AnyPromise``, as each Objective-C message does.
  public var objc: ObjC { ObjC(promise: self) }

  /// The Objective-C face of an ``AnyPromise``; see ``AnyPromise/objc``.
  public struct ObjC: Sendable {
    /// The promise this face belongs to.
    public let promise: AnyPromise

    /// The fulfilled value, or the error when rejected, or `nil` while pending: Objective-C's `promise.value`.
    ///
    /// Unlike a Swift promise's `value`, this is *not* `nil` on rejection: check
    /// `isRejected` before treating it as a result. When fulfilled with a
    /// ``AnyPromise/Manifold``, this is its first value.
    public var value: (any Sendable)? {
      switch promise.storage.result {
      case .fulfilled(let values)?: values.first
      case .rejected(let error)?: error
      case nil: nil
      }
    }

    // Each handler returns a generic `R` rather than `(any Sendable)?`, so that one form
    // serves a handler that returns a value, `nil` (write `-> (any Sendable)?`), or
    // nothing at all, in one statement or several: `R` is then `Void`, read as `nil`.

    /// Runs `body` with no parameters once fulfilled; its return value is read like a resolution.
    public func then<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable () -> R
    ) -> AnyPromise {
      chain(on: queue) { _ in body() }
    }

    /// Runs `body` with the first value once fulfilled.
    public func then<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable ((any Sendable)?) -> R
    ) -> AnyPromise {
      chain(on: queue) { values in body(values[0]) }
    }

    /// Runs `body` with the first two values (the second is `nil` unless a ``AnyPromise/Manifold`` supplied it).
    public func then<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.map, _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?) -> R
    ) -> AnyPromise {
      chain(on: queue) { values in body(values[0], values[1]) }
    }

    /// Runs `body` with the first three values (missing ones are `nil`).
    public func then<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.map,
      _ body: @escaping @Sendable ((any Sendable)?, (any Sendable)?, (any Sendable)?) -> R
    ) -> AnyPromise {
      chain(on: queue) { values in body(values[0], values[1], values[2]) }
    }

    /// Handles a rejection and *recovers* from it: the returned promise settles with what `body` returns.
    ///
    /// This is the biggest difference from the Swift face's `catch`, which ends a chain:
    /// here `catch` is `recover`. Returning nothing fulfills with `nil`, so a `then`
    /// after it runs; return the error (or another rejected promise) to stay
    /// rejected. Cancellations pass through unless `policy` is `.allErrors`.
    public func `catch`<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.return, policy: CatchPolicy = conf.catchPolicy,
      _ body: @escaping @Sendable (any Error) -> R
    ) -> AnyPromise {
      let target = HandlerQueue(queue)
      let (next, _) = Promise<Values>.pending()
      promise.storage.pipe { result in
        switch result {
        case .rejected(let error) where policy.handles(error):
          target.async { AnyPromise.settle(next, with: AnyPromise.flatten(body(error))) }
        case .rejected, .fulfilled:
          next.settle(result)
        }
      }
      return AnyPromise(storage: next)
    }

    /// Handles a rejection with a handler that ignores the error; what it returns is read like a resolution.
    ///
    /// Objective-C's `catch` takes a block of no parameters as readily as one of one.
    public func `catch`<R: Sendable>(
      on queue: DispatchQueue? = conf.Q.return, policy: CatchPolicy = conf.catchPolicy,
      _ body: @escaping @Sendable () -> R
    ) -> AnyPromise {
      self.catch(on: queue, policy: policy) { (_: any Error) in body() }
    }

    /// Runs `body` when the promise settles, either way, and passes the resolution on unchanged.
    public func ensure(on queue: DispatchQueue? = conf.Q.return, _ body: @escaping @Sendable () -> Void) -> AnyPromise {
      AnyPromise(storage: promise.storage.ensure(on: queue, body))
    }

    private func chain<R: Sendable>(
      on queue: DispatchQueue?, _ body: @escaping @Sendable (Values) -> R
    ) -> AnyPromise {
      let target = HandlerQueue(queue)
      let (next, _) = Promise<Values>.pending()
      promise.storage.pipe { result in
        switch result {
        case .fulfilled(let values):
          target.async { AnyPromise.settle(next, with: AnyPromise.flatten(body(values))) }
        case .rejected:
          next.settle(result)
        }
      }
      return AnyPromise(storage: next)
    }
  }
}
