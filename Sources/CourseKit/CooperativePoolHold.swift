import Dispatch
import Foundation
import Locking

/// Runs `body` on a thread of its own while every thread of the cooperative pool is held busy,
/// and returns its result once the pool is free again.
///
/// A `Task { continuation.yield(value) }` per callback is wrong, and yet it passes whenever the
/// pool has a thread free at once, which on an idle machine is nearly always: the task runs a few
/// microseconds after the callback, before anything can notice. With the pool held, no task runs
/// until `body` has returned, so whatever `body` observes was done without one: a source started,
/// a value yielded, a registration made, in the call itself. Dispatch queues, and so every legacy
/// source's deliveries, keep running meanwhile; only Swift tasks wait.
///
/// Keep `body` short (a burst, a registration): every task in the process waits for it. It must
/// not wait for a task itself, which would wait for ever; it may block on a legacy source.
///
/// ```swift
/// let startedWhenCreated = await withCooperativePoolHeld {
///   _ = progressUpdates(of: download)
///   return download.starts  // a `Task` that starts the download later has not run
/// }
/// ```
public func withCooperativePoolHeld<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    Thread.detachNewThread {
      let hold = CooperativePoolHold()
      let result = body()
      hold.release()
      continuation.resume(returning: result)
    }
  }
}

/// Tasks that block every thread of the cooperative pool, at every priority, until released.
///
/// The pool has as many threads as cores, and Linux keeps a pool per group of priorities, so the
/// hold sends that many blocking tasks at each priority a task can have. It waits until the
/// holders stop arriving (some never do: two priorities may share a pool, which is then held
/// already) or a second has passed, whatever a busy machine is doing.
final class CooperativePoolHold: Sendable {
  /// Every priority a task can run at, from the main thread's down.
  static let priorities: [TaskPriority] = [TaskPriority(rawValue: 0x21), .high, .medium, .low, .background]
  /// How long without a new arrival counts as "every thread that can be held is held".
  static let settle: Double = 0.05
  /// The longest the hold waits for its holders.
  static let patience: Double = 1

  private let arrived = Locked(0)
  private let gate = DispatchSemaphore(value: 0)
  private let holders: Int

  /// Holds the pool; returns once every thread that can be held is held.
  init() {
    let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
    holders = width * Self.priorities.count
    KitHold.begin()  // a held pool is not a stuck one, for another test's hang check
    for priority in Self.priorities {
      for _ in 0..<width {
        Task.detached(priority: priority) { [arrived, gate] in
          arrived.withLock { $0 += 1 }
          gate.wait()
        }
      }
    }
    let start = DispatchTime.now()
    var last = (count: 0, at: start)
    while true {
      usleep(1_000)
      let now = DispatchTime.now()
      let count = arrived.withLock { $0 }
      if count == holders || Self.seconds(from: start, to: now) > Self.patience { break }
      if count != last.count {
        last = (count, now)
      } else if count >= width, Self.seconds(from: last.at, to: now) > Self.settle {
        break
      }
    }
  }

  /// Lets every holder go, including those that have not arrived yet.
  func release() {
    for _ in 0..<holders { gate.signal() }
    KitHold.end()
  }

  private static func seconds(from start: DispatchTime, to end: DispatchTime) -> Double {
    Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
