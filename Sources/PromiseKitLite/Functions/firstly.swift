/// Starts a chain with the promise `body` returns, so every step of the chain reads alike.
///
/// `firstly { a() }.then { b($0) }` says "a, then b" at one indentation; a `throw`
/// inside `body` becomes a rejected promise instead of escaping the chain.
@inlinable
public func firstly<U: Thenable>(execute body: () throws -> U) -> Promise<U.T> {
  do {
    let (rp, _) = Promise<U.T>.pending()
    try body().pipe { rp.settle($0) }
    return rp
  } catch {
    return Promise(error: error)
  }
}

/// Starts a chain with a guarantee; the chain stays a guarantee.
@inlinable
public func firstly<T>(execute body: () -> Guarantee<T>) -> Guarantee<T> {
  body()
}
