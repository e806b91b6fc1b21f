import Dispatch
import Foundation
import LegacyKit
import Locking
import Platform

/// Tells code that hangs from a machine that is busy: a late operation counts as hung only once
/// nothing it could be waiting for is left to run.
///
/// A deadline on the wall clock alone blames the learner for the machine's load: with two CPU
/// hogs per core, or under the thread sanitizer, correct code can take several seconds to do a
/// millisecond's work. So when a deadline passes, the kit does not report a hang at once; it
/// asks the process, round after round, whether anything is still on its way:
///
/// - a scripted legacy reply that has not reached its callback yet (``Deliveries/owed``) means the
///   legacy source still owes an answer;
/// - a marker sent to the cooperative pool, the main queue and a global queue that takes more
///   than ``promptness`` to run means work is queued ahead of it, and the operation may be in
///   that queue too.
///
/// - threads of the process that used more than ``busyShare`` of a CPU while a round lasted
///   mean work is still running, and the operation may be waiting for its result: prompt queues
///   alone do not tell an operation that progresses slowly, a hop at a time, from one that hangs.
///
/// Only after ``quietRoundsNeeded`` rounds in a row find every queue prompt, the process idle
/// and no reply owed is the operation reported as hung. A queue that does not answer while the
/// process uses no CPU, and the kit holds no queue and runs no child process, is stuck rather than
/// busy, so a deadlocked main queue is reported too. Whatever happens, ``hardLimit(for:)`` ends
/// the wait, counting only the time the operation spends outside the kit's own nested waits.
///
/// Everything the check reads, it reads alike on every platform: the kit's own counts, and the
/// two POSIX clocks of CPU time, the process's and the calling thread's. It asks the OS nothing
/// about other threads or processes, so a Mac gives the verdicts Linux gives.
public enum HangCheck {
  /// How quickly the markers of a quiet round must run, in seconds.
  static let promptness: Double = 0.05
  /// How many quiet rounds in a row confirm a hang.
  static let quietRoundsNeeded = 3
  /// The share of one CPU that the process's other threads may use in a quiet round.
  static let busyShare = 0.1
  /// How long a marker may stay queued, in seconds, while no thread of the process wants a CPU,
  /// before its queue counts as stuck: long enough that a pool or main queue blocked for a moment
  /// (a short wait, a sleep in a test) is not read as deadlocked.
  static let stuckAfter = 1.0
  /// How long a quiet round watches the process's CPU time, at least, in seconds.
  static let roundLength = 0.02

  /// The longest a check waits for a busy machine after a deadline of `seconds`, in seconds.
  public static func hardLimit(for seconds: Double) -> Double {
    max(20, 20 * seconds)
  }

  /// Blocks the calling thread until `isFinished` returns `true` (then returns `false`) or a hang
  /// is confirmed (then returns `true`).
  ///
  /// While `isWaitingInside` says the operation is inside a wait of the kit's own (an
  /// ``eventually(within:_:)`` or a deadline nested in it), the operation is not hung: that wait
  /// ends by itself and says what it waited for. The check neither counts quiet rounds nor spends
  /// its hard limit meanwhile, so a scenario that waits in vain on a busy machine is read as a
  /// wrong result, not as a hang of the scenario around it.
  ///
  /// Call it after the deadline has passed, from a thread of its own: never from the cooperative
  /// pool, whose few threads the operation may need.
  static func confirm(
    after seconds: Double, isFinished: () -> Bool, isWaitingInside: () -> Bool = { false }
  ) -> Bool {
    let limit = hardLimit(for: seconds)
    var counted = 0.0
    var last = DispatchTime.now()
    var quietRounds = 0
    while !isFinished() {
      let now = DispatchTime.now()
      let waitingInside = isWaitingInside()
      if !waitingInside { counted += Double(now.uptimeNanoseconds - last.uptimeNanoseconds) / 1e9 }
      last = now
      if counted > limit { return true }
      quietRounds = !waitingInside && isQuietRound() ? quietRounds + 1 : 0
      if quietRounds >= quietRoundsNeeded { return !isFinished() }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return false
  }

  /// One round of the check, off the cooperative pool: whether nothing in the process is still
  /// on its way (no legacy reply owed, every queue prompt or stuck).
  public static func isQuiet() async -> Bool {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread { continuation.resume(returning: isQuietRound()) }
    }
  }

  /// Sends a marker through each queue the operation may be waiting in, and judges the round.
  ///
  /// One round at a time in the whole process: two hung tests checked together would otherwise
  /// each read the other's polling as work still running. A round waiting its turn blocks, and
  /// uses no CPU; the round in progress leaves its own thread's CPU time out.
  static func isQuietRound() -> Bool {
    rounds.withLock { count in
      count += 1
      return quietRound()
    }
  }

  /// How many rounds have been checked; its lock lets one round run at a time.
  private static let rounds = Locked(0)

  private static func quietRound() -> Bool {
    guard Deliveries.owed == 0 else { return false }
    let processAtStart = Platform.cpuSeconds(.process)
    let mineAtStart = Platform.cpuSeconds(.thisThread)
    /// The CPU time the process's other threads have used since the round began.
    func usedByOthers() -> Double {
      (Platform.cpuSeconds(.process) - processAtStart) - (Platform.cpuSeconds(.thisThread) - mineAtStart)
    }
    let ran = Locked(0)
    Task.detached { ran.withLock { $0 += 1 } }
    DispatchQueue.main.async { ran.withLock { $0 += 1 } }
    DispatchQueue.global().async { ran.withLock { $0 += 1 } }
    let start = DispatchTime.now()
    while ran.withLock({ $0 }) < 3 {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      if elapsed > stuckAfter {
        // The markers are still queued: busy if the process's threads used a CPU meanwhile (work
        // is ahead of the markers, however slowly a loaded machine runs it), if the kit holds a
        // queue for another test, or if a child process is running (an exit test's parent waits
        // for it on a thread of its own pool); stuck if none of these.
        let busy = usedByOthers() > busyShare * elapsed
        return !busy && !KitHold.isActive && ChildProcessSlots.running == 0 && Deliveries.owed == 0
      }
      Thread.sleep(forTimeInterval: elapsed > promptness ? 0.01 : 0.002)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard elapsed <= promptness else { return false }
    // The queues are prompt; is anything else still at work?
    if elapsed < roundLength { Thread.sleep(forTimeInterval: roundLength - elapsed) }
    let watched = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return usedByOthers() <= busyShare * watched && Deliveries.owed == 0
  }
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
