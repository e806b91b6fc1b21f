extension AnyPromise {
  /// An `AnyPromise` fulfilled with a value that is not of the type a typed promise expected.
  ///
  /// Create one (naming the expected type and the value found) wherever you read an
  /// untyped value into a typed one, so the failure says what arrived instead.
  public struct CastError: Error, CustomStringConvertible {
    /// The type the typed promise expected, as written in Swift.
    public let expected: String
    /// The value the dynamic promise fulfilled with, and its type.
    public let actual: String

    /// The error for `actual`, found where a `T` was expected.
    public init<T>(expected: T.Type, actual: (any Sendable)?) {
      self.expected = String(describing: expected)
      if let actual {
        self.actual = "\(String(reflecting: actual)) of type \(type(of: actual))"
      } else {
        self.actual = "nil"
      }
    }

    public var description: String {
      "An AnyPromise fulfilled with \(actual), but a Promise<\(expected)> was expected."
    }
  }
}
