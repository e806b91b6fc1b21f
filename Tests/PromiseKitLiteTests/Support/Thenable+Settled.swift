import Dispatch
import Locking
import PromiseKitLite

extension Thenable {
  /// Suspends until the promise settles and returns its result, blocking no thread.
  var settled: Result<T> {
    get async {
      await withCheckedContinuation { continuation in
        pipe { continuation.resume(returning: $0) }
      }
    }
  }
}

/// A thread-safe log of events, to assert what ran and in which order.
final class EventLog: Sendable {
  private let events = Locked<[String]>([])

  func record(_ event: String) {
    events.withLock { $0.append(event) }
  }

  var all: [String] {
    events.withLock { $0 }
  }
}

/// Names queues so a handler can say, without trapping, which queue it runs on.
enum QueueLabel {
  static let key = DispatchSpecificKey<String>()

  static func make(_ name: String) -> DispatchQueue {
    let queue = DispatchQueue(label: name)
    queue.setSpecific(key: key, value: name)
    return queue
  }

  static var current: String? {
    DispatchQueue.getSpecific(key: key)
  }

  static func nameMainQueue() {
    DispatchQueue.main.setSpecific(key: key, value: "main")
  }
}

struct TestError: Error, Equatable {
  var code = 1
}

struct Cancelled: CancellableError {
  var isCancelled: Bool { true }
}

/// Runs blocking or CPU-heavy test code on a Dispatch thread instead of the cooperative pool.
///
/// The pool has one thread per core (two here); a test that blocks one for a second slows every
/// other test's timers and continuations, and makes timing-sensitive tests elsewhere flaky.
func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    DispatchQueue.global().async { continuation.resume(with: Swift.Result { try body() }) }
  }
}
