/// A request that took longer than the app was willing to wait.
public struct TimeoutError: Error, Sendable, Equatable, CustomStringConvertible {
  /// How long the app waited, in seconds.
  public let seconds: Double

  /// Creates the error for a wait of `seconds`.
  public init(seconds: Double) {
    self.seconds = seconds
  }

  public var description: String { "The request timed out after \(seconds) s." }
}
