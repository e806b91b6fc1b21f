/// How a promise settled: fulfilled with a value, or rejected with an error.
///
/// PromiseKit names its own result type `Result`, with the cases `.fulfilled` and
/// `.rejected`, and an app's `switch promise.result`, `tap` and `pipe(to:)` handlers are
/// written against those names. Declaring it here, as PromiseKit does, shadows
/// `Swift.Result` in every file that imports PromiseKitLite; write `Swift.Result` where
/// you mean the standard library's.
///
/// ```swift
/// promise.tap { result in
///     if case .rejected(let error) = result { log(error) }
/// }
/// ```
public enum Result<T: Sendable>: Sendable {
  /// The promise fulfilled with this value.
  case fulfilled(T)
  /// The promise rejected with this error.
  case rejected(any Error)
}

extension Result {
  /// `true` when the promise fulfilled.
  @inlinable
  public var isFulfilled: Bool {
    if case .fulfilled = self { return true }
    return false
  }

  /// The result of running `body`: its value, or the error it threw.
  @inlinable
  init(catching body: () throws -> T) {
    do {
      self = .fulfilled(try body())
    } catch {
      self = .rejected(error)
    }
  }

  /// The value, or throws the error.
  @inlinable
  func get() throws -> T {
    switch self {
    case .fulfilled(let value): return value
    case .rejected(let error): throw error
    }
  }

  /// The same outcome with the value transformed.
  @inlinable
  func map<U: Sendable>(_ transform: (T) -> U) -> Result<U> {
    switch self {
    case .fulfilled(let value): return .fulfilled(transform(value))
    case .rejected(let error): return .rejected(error)
    }
  }
}
