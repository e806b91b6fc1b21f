extension Guarantee: CustomStringConvertible {
  /// The value, or `…` and the value's type while pending: `Guarantee(3)`, `Guarantee(…Int)`.
  public var description: String {
    switch result {
    case .fulfilled(let value)?: "Guarantee(\(value))"
    case .rejected(let error)?: "Guarantee(\(error))"
    case nil: "Guarantee(…\(T.self))"
    }
  }
}
