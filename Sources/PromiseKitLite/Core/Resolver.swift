/// The write end of a pending promise: settle it once, from any thread.
///
/// Only the first call that settles the promise counts; every later call is ignored,
/// which is what makes it safe to hand a resolver to a legacy API that might call
/// back twice. (PromiseKit's `Resolver` is a class; a struct holding the promise
/// behaves the same and costs one allocation less.)
public struct Resolver<T: Sendable>: Sendable {
  @usableFromInline
  let box: Promise<T>

  @usableFromInline
  init(_ box: Promise<T>) {
    self.box = box
  }

  /// Fulfills the promise with `value`.
  @inlinable
  public func fulfill(_ value: T) {
    box.settle(.fulfilled(value))
  }

  /// Rejects the promise with `error`.
  @inlinable
  public func reject(_ error: any Error) {
    box.settle(.rejected(error))
  }

  /// Settles the promise with `result`.
  @inlinable
  public func resolve(_ result: Result<T>) {
    box.settle(result)
  }

  /// Settles the promise from the standard library's `Swift.Result`.
  ///
  /// Completion handlers written since Swift 5 deliver a `Swift.Result`; pass
  /// `seal.resolve` to them as it is.
  @inlinable
  public func resolve<E: Error>(_ result: Swift.Result<T, E>) {
    switch result {
    case .success(let value): fulfill(value)
    case .failure(let error): reject(error)
    }
  }

  /// Settles the promise from a Cocoa-style `(value?, error?)` callback.
  ///
  /// An error wins over a value; a value fulfills; `(nil, nil)`, which that
  /// convention forbids, rejects with ``PMKError/invalidCallingConvention`` rather
  /// than leaving the promise pending forever.
  @inlinable
  public func resolve(_ value: T?, _ error: (any Error)?) {
    if let error {
      reject(error)
    } else if let value {
      fulfill(value)
    } else {
      reject(PMKError.invalidCallingConvention)
    }
  }

  /// Settles the promise from a callback that passes the error first: `(error?, value?)`.
  ///
  /// Some SDKs invert the Cocoa order; `seal.resolve` can be passed to them as it is.
  /// The same rules apply: an error wins, a value fulfills, `(nil, nil)` rejects with
  /// ``PMKError/invalidCallingConvention``. Where a call site fits both orders (a literal
  /// `resolve(nil, nil)`), the Cocoa order wins rather than the call being ambiguous.
  @inlinable
  @_disfavoredOverload
  public func resolve(_ error: (any Error)?, _ value: T?) {
    resolve(value, error)
  }

  /// Settles the promise from a callback that always delivers a value and maybe an error.
  @inlinable
  public func resolve(_ value: T, _ error: (any Error)?) {
    if let error { reject(error) } else { fulfill(value) }
  }
}

extension Resolver where T == Void {
  /// Fulfills a `Promise<Void>`.
  @inlinable
  public func fulfill() {
    fulfill(())
  }

  /// Fulfills a `Promise<Void>`: PromiseKit's spelling, kept so its code compiles unchanged.
  ///
  /// PromiseKit 8 names it with an underscore because its `fulfill()` made `seal.fulfill`
  /// ambiguous for the Swift compilers of its day; this library offers both.
  @inlinable
  public func fulfill_() {
    fulfill(())
  }

  /// Settles a `Promise<Void>` from a callback that hands back only an optional error.
  @inlinable
  public func resolve(_ error: (any Error)?) {
    if let error { reject(error) } else { fulfill(()) }
  }
}
