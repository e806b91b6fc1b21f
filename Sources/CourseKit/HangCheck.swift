import Dispatch
import Foundation
import LegacyKit
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Tells code that hangs from a machine that is busy: a late operation counts as hung only once
/// nothing it could be waiting for is left to run.
///
/// A deadline on the wall clock alone blames the learner for the machine's load: with two CPU
/// hogs per core, or under the thread sanitizer, correct code can take several seconds to do a
/// millisecond's work. So when a deadline passes, the kit does not report a hang at once; it
/// asks the process, round after round, whether anything is still on its way:
///
/// - a scripted legacy reply that has not been delivered (``Deliveries/inFlight``) means the
///   legacy source still owes an answer;
/// - a marker sent to the cooperative pool, the main queue and a global queue that takes more
///   than ``promptness`` to run means work is queued ahead of it, and the operation may be in
///   that queue too.
///
/// Only after ``quietRoundsNeeded`` rounds in a row find every queue prompt and no reply owed
/// is the operation reported as hung. A queue that does not answer while no thread of the
/// process wants a CPU (Linux shows each thread's state) is stuck rather than busy, so a
/// deadlocked main queue is reported too. Whatever happens, ``hardLimit(for:)`` ends the wait.
public enum HangCheck {
  /// How quickly the markers of a quiet round must run, in seconds.
  static let promptness: Double = 0.05
  /// How many quiet rounds in a row confirm a hang.
  static let quietRoundsNeeded = 3

  /// The longest a check waits for a busy machine after a deadline of `seconds`, in seconds.
  public static func hardLimit(for seconds: Double) -> Double {
    max(20, 20 * seconds)
  }

  /// Blocks the calling thread until `isFinished` returns `true` (then returns `false`) or a hang
  /// is confirmed (then returns `true`).
  ///
  /// Call it after the deadline has passed, from a thread of its own: never from the cooperative
  /// pool, whose few threads the operation may need.
  static func confirm(after seconds: Double, isFinished: () -> Bool) -> Bool {
    let giveUp = DispatchTime.now() + hardLimit(for: seconds)
    var quietRounds = 0
    while !isFinished() {
      if DispatchTime.now() > giveUp { return true }
      quietRounds = isQuietRound() ? quietRounds + 1 : 0
      if quietRounds >= quietRoundsNeeded { return !isFinished() }
      usleep(10_000)
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
  static func isQuietRound() -> Bool {
    guard Deliveries.inFlight == 0 else { return false }
    let ran = Locked(0)
    Task.detached { ran.withLock { $0 += 1 } }
    DispatchQueue.main.async { ran.withLock { $0 += 1 } }
    DispatchQueue.global().async { ran.withLock { $0 += 1 } }
    let start = DispatchTime.now()
    var someoneWantedACPU = false
    while ran.withLock({ $0 }) < 3 {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      if elapsed > 0.25 {
        // The markers are still queued: busy if a thread wanted a CPU meanwhile, stuck if none did.
        return !someoneWantedACPU && Deliveries.inFlight == 0
      }
      if elapsed > promptness { someoneWantedACPU = someoneWantedACPU || ProcessThreads.otherThreadIsRunnable() }
      usleep(2_000)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    return elapsed <= promptness && Deliveries.inFlight == 0
  }
}

/// What the kernel says about this process's threads.
enum ProcessThreads {
  /// Whether a thread of this process other than the caller is running or waiting for a CPU.
  ///
  /// Linux shows each thread's state in `/proc/self/task/<tid>/stat`. Elsewhere the answer is
  /// always `true`, so a queue that does not answer counts as busy and only the hard limit ends
  /// the wait.
  static func otherThreadIsRunnable() -> Bool {
    #if os(Linux)
      guard let me = try? String(contentsOfFile: "/proc/thread-self/stat", encoding: .utf8).split(separator: " ").first,
        let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")
      else { return true }
      for task in tasks where task != me {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
          let end = stat.lastIndex(of: ")")
        else { continue }
        // The state is the first field after the command name, which is in parentheses.
        let state = stat[stat.index(after: end)...].drop { $0 == " " }.first
        if state == "R" { return true }
      }
      return false
    #else
      return true
    #endif
  }
}
