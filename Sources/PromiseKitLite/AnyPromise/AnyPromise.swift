import Dispatch

/// The untyped promise that legacy apps passed between Objective-C and Swift, with both of its faces.
///
/// It settles with one untyped value and decides what that value *means* at run
/// time: resolving with an `Error` rejects; with another promise, adopts it; with
/// anything else, `nil` included, fulfills.
///
/// **From Swift** it is a ``Thenable`` whose `T` is `(any Sendable)?` (PromiseKit's
/// `Any?`), and a ``CatchMixin``: `map`, `done`, `then`, `when`, `race`, `firstly` and
/// `wait()` take it like any promise, and its `catch` ends the chain.
///
/// **From Objective-C** the same promise behaves otherwise, and ``objc`` models that
/// face: `then` takes handlers of zero to three loose parameters whose return value is
/// read like a resolution, `catch` is `recover` (returning nothing *fulfills*, so a
/// `then` after it runs), and `value` holds the error when rejected.
///
/// There is no Objective-C runtime on Linux, so this model holds any `Sendable`
/// value where the original holds an object; ``Promise/init(_:)-(AnyPromise)`` bridges
/// back to a typed promise and rejects with ``CastError`` rather than trapping on a
/// value of the wrong type. The lesson of topic 2 puts the two faces side by side.
public final class AnyPromise: Thenable, CatchMixin, Sendable {
  /// The typed promise underneath: fulfilled with up to three values, or rejected.
  let storage: Promise<Values>

  init(storage: Promise<Values>) {
    self.storage = storage
  }

  /// Creates a pending promise and runs `body` with the function that resolves it.
  ///
  /// Calling `resolve` with an `Error` rejects, with a promise adopts it, with a
  /// ``Manifold`` fulfills with several values, and with anything else fulfills.
  public convenience init(resolver body: (@escaping @Sendable ((any Sendable)?) -> Void) -> Void) {
    let (storage, _) = Promise<Values>.pending()
    self.init(storage: storage)
    body { value in AnyPromise.settle(storage, with: value) }
  }

  /// Creates a pending promise and the function that resolves it.
  public static func pending() -> (promise: AnyPromise, resolve: @Sendable ((any Sendable)?) -> Void) {
    let (storage, _) = Promise<Values>.pending()
    return (AnyPromise(storage: storage), { value in settle(storage, with: value) })
  }

  /// Creates a promise resolved with `value`: rejected if it is an `Error`, fulfilled otherwise.
  public static func value(_ value: (any Sendable)?) -> AnyPromise {
    AnyPromise { resolve in resolve(value) }
  }

  /// Calls `to` once settled with the Swift face's result: the first value, or the error.
  public func pipe(to: @escaping @Sendable (Result<(any Sendable)?>) -> Void) {
    storage.pipe { result in to(result.map { $0.first }) }
  }

  /// The Swift face's result: `.fulfilled` with the first value, `.rejected` with the error, `nil` while pending.
  public var result: Result<(any Sendable)?>? {
    storage.result.map { $0.map { $0.first } }
  }

  /// Reads `value` the way `AnyPromise` reads every resolution and handler result.
  static func settle(_ target: Promise<Values>, with value: (any Sendable)?) {
    switch value {
    case nil:
      target.settle(.fulfilled(Values([nil])))
    case let error as any Error:
      target.settle(.rejected(error))
    case let promise as AnyPromise:
      promise.storage.pipe { target.settle($0) }
    case let typed as any AnyPromiseConvertible:
      typed.asAnyPromise().storage.pipe { target.settle($0) }
    case let manifold as Manifold:
      target.settle(.fulfilled(Values(manifold.values)))
    case is Void:
      target.settle(.fulfilled(Values([nil])))
    case let value:
      target.settle(.fulfilled(Values([value])))
    }
  }
}

extension AnyPromise {
  /// A handler's return value as one optional: `nil` for `nil` at any depth of optionals.
  ///
  /// A handler written `-> (any Sendable)?` that returns `nil` hands over an optional;
  /// boxed as `any Sendable` it would not be `nil` any more, and would fulfill with a
  /// value instead of with `nil`.
  static func flatten<R: Sendable>(_ value: R) -> (any Sendable)? {
    if let optional = value as? any OptionalValue { return optional.flattened }
    return value
  }
}

/// An `Optional`, whatever it wraps, so that ``AnyPromise/flatten(_:)`` can see through it.
protocol OptionalValue {
  var flattened: (any Sendable)? { get }
}

extension Optional: OptionalValue {
  var flattened: (any Sendable)? {
    guard case .some(let wrapped) = self else { return nil }
    // Reached only through `flatten`, whose argument is `Sendable`, so `wrapped` is too.
    // `Sendable` is a marker protocol: it cannot be the target of a dynamic cast, and
    // `any Sendable` is laid out exactly as `Any`, so the box is reinterpreted instead.
    return AnyPromise.flatten(unsafeBitCast(wrapped as Any, to: (any Sendable).self))
  }
}

extension AnyPromise {
  /// What an `AnyPromise` fulfills with: one value, or up to three from a ``Manifold``.
  struct Values: Sendable {
    let all: [(any Sendable)?]

    init(_ all: [(any Sendable)?]) {
      self.all = Array(all.prefix(3))
    }

    var first: (any Sendable)? { self[0] }

    subscript(index: Int) -> (any Sendable)? {
      index < all.count ? all[index] : nil
    }
  }
}

/// A promise type that `AnyPromise` adopts when it is handed one.
protocol AnyPromiseConvertible {
  func asAnyPromise() -> AnyPromise
}
