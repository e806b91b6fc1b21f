import Dispatch
import Foundation
import Locking
import Testing

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
/// How many threads the pool has, and how it groups priorities, is the runtime's business: Linux
/// keeps a pool per group of priorities, as wide as the machine has cores, and a Mac's runtime
/// decides for itself. So the hold measures it. It sends blocking tasks at each priority, a few
/// at a time, and sends more while every one it sent has started; once some of every priority
/// wait in the queue, behind holders that block, no thread is left free. A hold that cannot get
/// there within ``patience`` records an issue that says which checks it weakens: it never lets
/// a check pass by luck.
final class CooperativePoolHold: Sendable {
  /// Every priority a task can run at, from the main thread's down.
  static let priorities: [TaskPriority] = [TaskPriority(rawValue: 0x21), .high, .medium, .low, .background]
  /// How long without a new arrival counts as "every holder that can start has started".
  static let settle: Double = 0.1
  /// The longest the hold tries to fill the pool, in seconds.
  static let patience: Double = 5
  /// What a hold that could not fill the pool weakens, in the words a check reports.
  static let incompleteSentence =
    "The course could not hold every thread of this runtime's cooperative pool, so a Task started in a "
    + "callback could run before the check looks: the checks that a stream yields, registers and starts "
    + "in the call itself (4.1, 4.2, 4.5) cannot prove it here."

  /// How many holders of each priority have started, and how many were sent.
  private let arrived = Locked([Int](repeating: 0, count: CooperativePoolHold.priorities.count))
  private let sent = Locked([Int](repeating: 0, count: CooperativePoolHold.priorities.count))
  private let gate = DispatchSemaphore(value: 0)

  /// How many threads the hold found and holds.
  var width: Int { arrived.withLock { $0.reduce(0, +) } }

  /// Holds the pool; returns once every thread that can be held is held.
  init() {
    KitHold.begin()  // a held pool is not a stuck one, for another test's hang check
    let start = DispatchTime.now()
    var batch = 2
    while true {
      let waiting = Self.settled(arrived)
      let sentNow = sent.withLock { $0 }
      // Full once holders of every priority wait: none of them found a free thread.
      let unfilled = Self.priorities.indices.filter { waiting[$0] >= sentNow[$0] }
      if unfilled.isEmpty { return }
      if Self.seconds(since: start) > Self.patience {
        Issue.record(Comment(rawValue: Self.incompleteSentence))
        return
      }
      for index in unfilled { send(batch, at: index) }
      batch *= 2
    }
  }

  private func send(_ count: Int, at index: Int) {
    sent.withLock { $0[index] += count }
    for _ in 0..<count {
      Task.detached(priority: Self.priorities[index]) { [arrived, gate] in
        arrived.withLock { $0[index] += 1 }
        gate.wait()
      }
    }
  }

  /// The arrivals, once they have stopped changing for ``settle``.
  private static func settled(_ arrived: Locked<[Int]>) -> [Int] {
    var last = (counts: arrived.withLock { $0 }, at: DispatchTime.now())
    while true {
      Thread.sleep(forTimeInterval: 0.002)
      let counts = arrived.withLock { $0 }
      if counts != last.counts {
        last = (counts, DispatchTime.now())
      } else if seconds(since: last.at) > settle {
        return counts
      }
    }
  }

  /// Lets every holder go, including those that have not started yet.
  func release() {
    for _ in 0..<sent.withLock({ $0.reduce(0, +) }) { gate.signal() }
    KitHold.end()
  }

  private static func seconds(since start: DispatchTime) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
  }
}
