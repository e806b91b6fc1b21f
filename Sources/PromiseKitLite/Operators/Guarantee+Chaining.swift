import Dispatch

extension Guarantee {
  /// Consumes the value; a guarantee cannot fail, so nothing needs catching after it.
  @discardableResult
  @inlinable
  public func done(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) -> Void
  ) -> Guarantee<Void> {
    map(on: queue, flags: flags, body)
  }

  /// Looks at the value without changing it.
  @inlinable
  public func get(
    on queue: DispatchQueue? = conf.Q.return, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) -> Void
  ) -> Guarantee<T> {
    map(on: queue, flags: flags) { value in
      body(value)
      return value
    }
  }

  /// Transforms the value with a function that cannot fail.
  @inlinable
  public func map<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ transform: @escaping @Sendable (T) -> U
  ) -> Guarantee<U> {
    let target = HandlerQueue(queue, flags)
    let (rg, _) = Guarantee<U>.pending()
    pipe { result in
      if case .fulfilled(let value) = result {
        target.async { rg.settle(.fulfilled(transform(value))) }
      }
    }
    return rg
  }

  /// Continues with another guarantee.
  @discardableResult
  @inlinable
  public func then<U: Sendable>(
    on queue: DispatchQueue? = conf.Q.map, flags: DispatchWorkItemFlags? = nil,
    _ body: @escaping @Sendable (T) -> Guarantee<U>
  ) -> Guarantee<U> {
    let target = HandlerQueue(queue, flags)
    let (rg, _) = Guarantee<U>.pending()
    pipe { result in
      if case .fulfilled(let value) = result {
        target.async {
          body(value).pipe { rg.settle($0) }
        }
      }
    }
    return rg
  }

  /// Forgets the value.
  @inlinable
  public func asVoid() -> Guarantee<Void> {
    map(on: nil) { _ in }
  }
}
