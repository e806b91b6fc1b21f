import Dispatch
import Foundation
import Locking

/// Runs `operation` while the main queue is held busy, and returns its result, or throws
/// ``DeadlineExceeded`` after `seconds` (scaled).
///
/// Legacy code still blocks the main thread waiting for a result: a `wait()` on a
/// promise, a semaphore. Code that hops to the main queue to deliver that result
/// (`DispatchQueue.main.async { continuation.resume(...) }`, a promise handler on its
/// default queue) then never runs, while code that resumes where the callback arrives
/// finishes at once. On an idle main queue both pass; with the queue held, the hop is
/// caught every time, not when the scheduler happens to be slow.
///
/// Call it from a test that is not isolated to the main actor: on Linux the main actor
/// runs on the main queue, which this function blocks. Better still, call it in a child
/// process (see ``ResumeProbe``): holding the main queue stalls every `@MainActor` test
/// that runs at the same time, and a trap in the code under test fails only that child.
///
/// ```swift
/// let articles = try await withMainQueueHeld("latest(refresh:)") {
///   try await repository.latest(refresh: false)
/// }
/// ```
public func withMainQueueHeld<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let held = DispatchSemaphore(value: 0)
  let release = DispatchSemaphore(value: 0)
  let limit = Deadline.scaled(seconds) + Deadline.scaled(Deadline.standard) * 5
  KitHold.begin()
  DispatchQueue.main.async {
    held.signal()
    _ = release.wait(timeout: .now() + limit)  // never longer than that, whatever happens
    KitHold.end()
  }
  // A process whose main queue nobody drains (an exit test's child may be one) holds it already.
  let drainLimit = Deadline.scaled(Deadline.standard) / 2
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    DispatchQueue.global().async {
      _ = held.wait(timeout: .now() + drainLimit)
      continuation.resume()
    }
  }
  defer { release.signal() }
  // The main queue is held on purpose: its silence is the point, not a busy machine to wait for.
  return try await withDeadline(seconds: seconds, what, confirmingHangs: false, operation: operation)
}

/// The holds of a queue (the main queue, the cooperative pool) that the kit makes on purpose,
/// counted while they last.
///
/// A queue that does not answer while no thread wants a CPU looks deadlocked to ``HangCheck``;
/// one the kit holds for another test is only busy, and an operation of this test that needs it
/// is waiting, not hung.
enum KitHold {
  private static let holds = Locked(0)

  /// Whether the kit holds a queue on purpose now, or is about to.
  static var isActive: Bool { holds.withLock { $0 > 0 } }

  static func begin() { holds.withLock { $0 += 1 } }
  static func end() { holds.withLock { $0 -= 1 } }
}
