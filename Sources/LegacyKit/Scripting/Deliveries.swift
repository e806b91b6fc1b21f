import Dispatch
import Foundation
import Locking

/// Every scripted reply still on its way, so a probe can wait until the legacy code is quiet.
///
/// The exactly-once probe waits here before its child process exits: a second,
/// late reply must get the chance to resume a continuation twice (and trap) rather
/// than lose the race with the exit and hide the bug.
public enum Deliveries {
  private static let pending = Locked(0)
  private static let unstarted = Locked(0)

  /// How many scripted replies are scheduled and have not returned from their callback yet.
  public static var inFlight: Int {
    pending.withLock { $0 }
  }

  /// How many scripted replies are scheduled and have not reached their callback yet: the answers a
  /// legacy source still owes.
  ///
  /// A reply whose callback has started is delivered; from then on it is the callback's code that
  /// runs, or hangs. A hang check waits for these and not for ``inFlight``: a callback blocked for
  /// good (a `sync` onto a queue that waits for it) would otherwise read as an answer on its way, for
  /// as long as the process lives.
  public static var owed: Int {
    unstarted.withLock { $0 }
  }

  /// Blocks until no scripted reply is in flight, or `timeout` seconds have passed; returns whether it got quiet.
  @discardableResult
  public static func waitUntilQuiet(timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if inFlight == 0 { return true }
      Thread.sleep(forTimeInterval: 0.005)
    }
    return inFlight == 0
  }

  /// Delivers `bodies` at the same instant, each on a thread of its own, released by one ``StartingGate``.
  static func together(_ bodies: [@Sendable () -> Void]) {
    pending.withLock { $0 += bodies.count }
    unstarted.withLock { $0 += bodies.count }
    let gate = StartingGate(parties: bodies.count)
    for body in bodies {
      Thread.detachNewThread {
        gate.arriveAndWait()
        unstarted.withLock { $0 -= 1 }
        body()
        pending.withLock { $0 -= 1 }
      }
    }
  }

  static func schedule(
    _ delivery: Delivery, after delay: TimeInterval, _ body: @escaping @Sendable () -> Void
  ) {
    pending.withLock { $0 += 1 }
    unstarted.withLock { $0 += 1 }
    let tracked: @Sendable () -> Void = {
      unstarted.withLock { $0 -= 1 }
      body()
      pending.withLock { $0 -= 1 }
    }
    switch delivery {
    case .caller where delay <= 0:
      tracked()
    case .caller, .background:
      DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: tracked)
    case .backgroundAfterTheMainQueue:
      DispatchQueue.main.async { DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: tracked) }
    case .queue(let queue) where delay <= 0:
      queue.async(execute: tracked)  // keeps the order of calls made one after another
    case .queue(let queue):
      queue.asyncAfter(deadline: .now() + delay, execute: tracked)
    case .gate(let gate):
      Thread.detachNewThread {
        gate.arriveAndWait()
        tracked()
      }
    case .together:
      Thread.detachNewThread(tracked)  // one reply alone: nothing to release it with
    case .handedTo(let deliver):
      deliver([tracked])
    }
  }
}
