import Locking

/// A thread-safe list of lines that legacy code and exercises write as they run.
///
/// Topic 2's chains write what each step received here, so a learner's prediction
/// can be compared with what really ran.
public final class CallLog: Sendable {
  private let log = Locked<[String]>([])

  /// An empty log.
  public init() {}

  /// Appends `line`.
  public func record(_ line: String) {
    log.withLock { $0.append(line) }
  }

  /// Every line so far, in order.
  public var lines: [String] {
    log.withLock { $0 }
  }
}
