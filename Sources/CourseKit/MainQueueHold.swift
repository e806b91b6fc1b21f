import Dispatch
import Foundation

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
