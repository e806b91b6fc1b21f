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
    box.settle(.success(value))
  }

  /// Rejects the promise with `error`.
  @inlinable
  public func reject(_ error: any Error) {
    box.settle(.failure(error))
  }

  /// Settles the promise with `result`.
  @inlinable
  public func resolve(_ result: Result<T, any Error>) {
    box.settle(result)
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

  /// Settles a `Promise<Void>` from a callback that hands back only an optional error.
  @inlinable
  public func resolve(_ error: (any Error)?) {
    if let error { reject(error) } else { fulfill(()) }
  }
}
