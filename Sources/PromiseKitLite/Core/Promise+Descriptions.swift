extension Promise: CustomStringConvertible {
  /// The value, the error, or `…` and the value's type while pending: `Promise(3)`, `Promise(…Int)`.
  ///
  /// PromiseKit's format, so a log line reads the same after the migration to this library.
  public var description: String {
    switch result {
    case nil: "Promise(…\(T.self))"
    case .fulfilled(let value)?: "Promise(\(value))"
    case .rejected(let error)?: "Promise(\(error))"
    }
  }
}

extension Promise: CustomDebugStringConvertible {
  /// The state with the value's type: `Promise<Int>.pending(handlers: 1)`, `Promise<Int>.fulfilled(3)`.
  public var debugDescription: String {
    switch withState({ StateSnapshot($0) }) {
    case .pending(let handlers): "Promise<\(T.self)>.pending(handlers: \(handlers))"
    case .settled(.fulfilled(let value)): "Promise<\(T.self)>.fulfilled(\(value))"
    case .settled(.rejected(let error)): "Promise<\(T.self)>.rejected(\(type(of: error)).\(error))"
    }
  }
}
