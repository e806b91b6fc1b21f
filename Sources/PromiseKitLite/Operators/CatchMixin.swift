import Dispatch

/// The error-handling half of the vocabulary: `catch`, `recover`, `ensure`.
///
/// Only promises that can reject adopt it, so a `Guarantee` has no `catch`:
/// the compiler, not a code review, says there is nothing to catch.
public protocol CatchMixin: Thenable {}

extension CatchMixin {
  /// Handles the error at the end of a chain.
  ///
  /// Cancellations are skipped unless `policy` is `.allErrors`: a cancelled
  /// request is not a failure to show the user. Returns a finalizer, whose
  /// `finally` runs on both paths.
  @discardableResult
  @inlinable
  public func `catch`(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    policy: CatchPolicy = conf.catchPolicy,
    _ body: @escaping @Sendable (any Error) -> Void
  ) -> PMKFinalizer {
    let target = HandlerQueue(queue, flags)
    let finalizer = PMKFinalizer()
    pipe { result in
      switch result {
      case .rejected(let error) where policy.handles(error):
        target.async {
          body(error)
          finalizer.settle()
        }
      case .rejected, .fulfilled:
        finalizer.settle()
      }
    }
    return finalizer
  }

  /// Replaces an error with the promise `body` returns (a fallback, a retry).
  ///
  /// A fulfilled value passes through untouched. `body` may rethrow to keep the
  /// chain rejected. Cancellations pass through unless `policy` is `.allErrors`.
  @inlinable
  public func recover<U: Thenable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    policy: CatchPolicy = conf.catchPolicy,
    _ body: @escaping @Sendable (any Error) throws -> U
  ) -> Promise<T> where U.T == T {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<T>.pending()
    pipe { result in
      switch result {
      case .rejected(let error) where policy.handles(error):
        target.async {
          do {
            let next = try body(error)
            guard next !== rp else { throw PMKError.returnedSelf }
            next.pipe { rp.settle($0) }
          } catch {
            rp.settle(.rejected(error))
          }
        }
      case .rejected, .fulfilled:
        rp.settle(result)
      }
    }
    return rp
  }

  /// Replaces every error, cancellations included, with a value that cannot fail.
  ///
  /// Returns a ``Guarantee``: after this, the chain needs no `catch`.
  @discardableResult
  @inlinable
  public func recover(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (any Error) -> Guarantee<T>
  ) -> Guarantee<T> {
    let target = HandlerQueue(queue, flags)
    let (rg, _) = Guarantee<T>.pending()
    pipe { result in
      switch result {
      case .fulfilled:
        rg.settle(result)
      case .rejected(let error):
        target.async {
          body(error).pipe { rg.settle($0) }
        }
      }
    }
    return rg
  }

  /// Runs `body` when the promise settles, on both paths, and passes the result on.
  ///
  /// The place for cleanup that must happen whatever the outcome (hide the spinner).
  @inlinable
  public func ensure(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable () -> Void
  ) -> Promise<T> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<T>.pending()
    pipe { result in
      target.async {
        body()
        rp.settle(result)
      }
    }
    return rp
  }

  /// Like ``ensure(on:flags:_:)``, but waits for the asynchronous cleanup `body` starts.
  @inlinable
  public func ensureThen(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable () -> Guarantee<Void>
  ) -> Promise<T> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<T>.pending()
    pipe { result in
      target.async {
        body().pipe { _ in rp.settle(result) }
      }
    }
    return rp
  }

  /// Ends a chain on purpose without handling its error, and says so in the code.
  ///
  /// Prefer a real `catch`; use this only where an error truly cannot matter. The error
  /// still reaches ``PMKConfiguration/logHandler`` as ``LogEvent/cauterized(_:)``.
  @inlinable
  public func cauterize() {
    self.catch(on: nil) { error in conf.logHandler(.cauterized(error)) }
  }
}

extension CatchMixin where T == Void {
  /// Handles every error of a `Promise<Void>`, cancellations included, and cannot fail afterwards.
  ///
  /// As in PromiseKit, a handler that does not throw makes the chain a
  /// `Guarantee<Void>`: nothing is left to catch, so the compiler asks for no `catch`.
  /// Write a throwing handler (or pass `policy:`) to get the `Promise<Void>` form.
  @discardableResult
  @inlinable
  public func recover(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (any Error) -> Void
  ) -> Guarantee<Void> {
    let target = HandlerQueue(queue, flags)
    let (rg, _) = Guarantee<Void>.pending()
    pipe { result in
      switch result {
      case .fulfilled:
        rg.settle(result)
      case .rejected(let error):
        target.async {
          body(error)
          rg.settle(.fulfilled(()))
        }
      }
    }
    return rg
  }

  /// Replaces an error of a `Promise<Void>` by running `body`; rethrow to keep it rejected.
  @inlinable
  public func recover(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    policy: CatchPolicy = conf.catchPolicy,
    _ body: @escaping @Sendable (any Error) throws -> Void
  ) -> Promise<Void> {
    let target = HandlerQueue(queue, flags)
    let (rp, _) = Promise<Void>.pending()
    pipe { result in
      switch result {
      case .rejected(let error) where policy.handles(error):
        target.async {
          rp.settle(Result(catching: { try body(error) }))
        }
      case .rejected, .fulfilled:
        rp.settle(result)
      }
    }
    return rp
  }
}
