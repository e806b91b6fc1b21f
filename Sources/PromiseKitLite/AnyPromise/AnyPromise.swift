import Dispatch

/// The loose, dynamic promise of PromiseKit's Objective-C side, modelled in Swift.
///
/// Legacy apps that mixed Objective-C and Swift passed `AnyPromise` across the
/// language boundary. It settles with one untyped value and decides what that
/// value *means* at run time, which is where its surprises come from:
///
/// - resolving with an `Error` rejects; with another promise, adopts it; with
///   anything else, `nil` included, fulfills;
/// - a handler's return value is read the same way: an error rejects, a promise
///   chains, anything else (or nothing) fulfills;
/// - `catch` is `recover`: it returns a new promise, and returning nothing from it
///   *fulfills* that promise, so a `then` after a `catch` always runs;
/// - ``value`` holds the error when the promise is rejected.
///
/// There is no Objective-C runtime on Linux, so this model holds any `Sendable`
/// value where the original holds an object; ``Promise/init(_:)`` bridges back to a
/// typed promise and rejects with ``CastError`` rather than trapping on a value of
/// the wrong type. The lesson of topic 2 puts the two promise types side by side.
public final class AnyPromise: Sendable {
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

  /// The fulfilled value, or the error when rejected, or `nil` while pending.
  ///
  /// Unlike `Promise.value`, this is *not* `nil` on rejection: check
  /// ``isRejected`` before treating it as a result. When fulfilled with a
  /// ``Manifold``, this is its first value.
  public var value: (any Sendable)? {
    switch storage.result {
    case .fulfilled(let values)?: values.first
    case .rejected(let error)?: error
    case nil: nil
    }
  }

  /// `true` until the promise settles.
  public var isPending: Bool { storage.isPending }
  /// `true` once the promise has settled, either way.
  public var isResolved: Bool { storage.isResolved }
  /// `true` once the promise has fulfilled.
  public var isFulfilled: Bool { storage.isFulfilled }
  /// `true` once the promise has rejected.
  public var isRejected: Bool { storage.isRejected }

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
