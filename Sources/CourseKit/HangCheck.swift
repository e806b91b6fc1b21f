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
/// - threads of the process that used more than ``busyShare`` of a CPU while a round lasted
///   mean work is still running, and the operation may be waiting for its result: prompt queues
///   alone do not tell an operation that progresses slowly, a hop at a time, from one that hangs.
///
/// Only after ``quietRoundsNeeded`` rounds in a row find every queue prompt, the process idle
/// and no reply owed is the operation reported as hung. A queue that does not answer while no thread of the
/// process wants a CPU (Linux shows each thread's state) is stuck rather than busy, so a
/// deadlocked main queue is reported too. Whatever happens, ``hardLimit(for:)`` ends the wait.
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
    CPUTime.asChecker(quietRound)
  }

  private static func quietRound() -> Bool {
    guard Deliveries.inFlight == 0 else { return false }
    let cpuAtStart = CPUTime.othersThanCheckers()
    let ran = Locked(0)
    Task.detached { ran.withLock { $0 += 1 } }
    DispatchQueue.main.async { ran.withLock { $0 += 1 } }
    DispatchQueue.global().async { ran.withLock { $0 += 1 } }
    let start = DispatchTime.now()
    var samples = 0
    var runnableSamples = 0
    while ran.withLock({ $0 }) < 3 {
      let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
      if elapsed > stuckAfter {
        // The markers are still queued: busy if threads kept wanting a CPU meanwhile (a starved
        // process, whose threads wait for a CPU most of the time), if the kit holds a queue for
        // another test, or if a child process is still running (an exit test's parent waits for
        // it on a thread of its own pool); stuck if none of these. A thread that wakes now and then
        // (the sanitizer's own, a timer) is not a starved process.
        let starved = runnableSamples * 4 > samples
        return !starved && !KitHold.isActive && !ProcessThreads.hasRunningChild() && Deliveries.inFlight == 0
      }
      if elapsed > promptness {
        samples += 1
        if ProcessThreads.otherThreadIsRunnable() { runnableSamples += 1 }
      }
      usleep(elapsed > promptness ? 10_000 : 2_000)
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    guard elapsed <= promptness else { return false }
    // The queues are prompt; is anything else still at work?
    if elapsed < roundLength { usleep(UInt32((roundLength - elapsed) * 1e6)) }
    let watched = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    let used = CPUTime.othersThanCheckers() - cpuAtStart
    return used <= busyShare * watched && Deliveries.inFlight == 0
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

/// The CPU time this process has used, apart from the checks' own.
enum CPUTime {
  /// The CPU clocks of the threads that run checks now, with each clock's reading when its check
  /// began, and the CPU time of the checks that have ended.
  private static let checkers = Locked<(live: [Int: (clock: clockid_t, start: Double)], ended: Double, next: Int)>(
    ([:], 0, 0))

  /// Runs `body` on the calling thread, counting its CPU time as a check's, not as the operation's.
  ///
  /// Two hung tests are checked at the same time in a parallel run: each check's polling must
  /// not look, to the other, like work still running.
  static func asChecker<T>(_ body: () -> T) -> T {
    var clock = clockid_t()
    guard pthread_getcpuclockid(pthread_self(), &clock) == 0 else { return body() }
    let token = checkers.withLock { state in
      state.next += 1
      state.live[state.next] = (clock, seconds(clock))
      return state.next
    }
    defer {
      checkers.withLock { state in
        if let check = state.live.removeValue(forKey: token) { state.ended += seconds(check.clock) - check.start }
      }
    }
    return body()
  }

  /// The CPU time, in seconds, used so far by every thread of the process except the checks'.
  static func othersThanCheckers() -> Double {
    let process = seconds(CLOCK_PROCESS_CPUTIME_ID)
    // Under the lock, so that no check ends, and takes its clock with it, while it is read.
    let checks = checkers.withLock { state in
      state.live.values.reduce(state.ended) { $0 + seconds($1.clock) - $1.start }
    }
    return process - checks
  }

  private static func seconds(_ clock: clockid_t) -> Double {
    var time = timespec()
    guard clock_gettime(clock, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}

/// What the kernel says about this process's threads.
enum ProcessThreads {
  /// Whether a child of this process is alive (not yet a zombie): an exit test's child, a tool.
  ///
  /// Linux shows each process's parent in `/proc/<pid>/stat`. Elsewhere the answer is always
  /// `true`, so a queue that does not answer counts as busy.
  static func hasRunningChild() -> Bool {
    #if os(Linux)
      let me = String(getpid())
      let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      for pid in pids where pid.first?.isNumber == true {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let end = stat.lastIndex(of: ")")
        else { continue }
        // After the command name come the state and the parent's pid.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        if fields.count > 1, fields[1] == me, fields[0] != "Z" { return true }
      }
      return false
    #else
      return true
    #endif
  }

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
