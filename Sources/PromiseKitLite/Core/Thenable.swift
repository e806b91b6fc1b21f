/// The small core every promise type shares: a way to hear about the result, and the result itself.
///
/// As in PromiseKit, everything else (`then`, `map`, `done`, `ensure`, ...) is an
/// extension written in terms of these two requirements, so a new promise-like type
/// gets the whole vocabulary by implementing `pipe(to:)` and `result`.
public protocol Thenable<T>: AnyObject, Sendable {
  /// The type of the value this promise fulfills with.
  associatedtype T: Sendable

  /// Calls `to` exactly once, with the result, once this promise has settled.
  ///
  /// `to` runs synchronously on the thread that settles the promise (or at once,
  /// on this thread, if it has settled already); operators dispatch from there.
  func pipe(to: @escaping @Sendable (Result<T>) -> Void)

  /// The result, or `nil` while the promise is pending.
  var result: Result<T>? { get }
}

extension Thenable {
  /// The fulfilled value, or `nil` while pending or when rejected.
  @inlinable
  public var value: T? {
    if case .fulfilled(let value)? = result { return value }
    return nil
  }

  /// The rejection's error, or `nil` while pending or when fulfilled.
  @inlinable
  public var error: (any Error)? {
    if case .rejected(let error)? = result { return error }
    return nil
  }

  /// `true` until the promise settles.
  public var isPending: Bool { result == nil }

  /// `true` once the promise has settled, either way.
  public var isResolved: Bool { !isPending }

  /// `true` once the promise has fulfilled.
  @inlinable
  public var isFulfilled: Bool {
    if case .fulfilled? = result { return true }
    return false
  }

  /// `true` once the promise has rejected.
  public var isRejected: Bool { error != nil }
}
