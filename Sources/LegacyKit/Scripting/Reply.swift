/// One answer a scripted legacy call gives its callback.
public enum Reply<Value: Sendable>: Sendable {
  /// A value and no error.
  case value(Value)
  /// An error and no value.
  case error(any Error)
  /// Neither a value nor an error: `(nil, nil)`, which the Cocoa convention forbids but real SDKs do.
  case neither
  /// A value and an error at once, which some SDKs send for partial results.
  case both(Value, any Error)
}
