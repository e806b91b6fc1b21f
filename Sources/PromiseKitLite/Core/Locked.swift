import Synchronization

/// A value behind a lock, as a reference that escaping closures can share.
///
/// `Mutex` is non-copyable and cannot be captured by the closures that
/// `when` and `race` hand to many promises at once; this wrapper can.
final class Locked<Value: Sendable>: Sendable {
  private let mutex: Mutex<Value>

  init(_ value: Value) {
    mutex = Mutex(value)
  }

  func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
    mutex.withLock { body(&$0) }
  }
}
