import CourseCatalog
import Dispatch
import Foundation
import Locking
import Platform
import Synchronization

/// Runs a program in a session of its own, with a time limit, capturing its output; when the run
/// ends, for any reason, nothing it started is left running.
///
/// `swift test` starts the test binary in a process group of its own, and exit tests start
/// children of that; killing the child's group alone leaves them behind, spinning. A session
/// holds every descendant that does not start one of its own, so the runner ends the whole
/// session: on success, failure, time-out, a stall, or Ctrl-C.
struct Subprocess {
  /// How a run ended.
  struct Outcome {
    /// The exit code, or `nil` when the process was killed by a signal or stopped by the runner.
    var exitCode: Int32?
    /// The signal that ended the process, if one did.
    var signal: Int32?
    /// `true` when the time limit ended the run.
    var timedOut: Bool
    /// Why the watchdog ended the run early, if it did.
    var stall: Stall? = nil
    /// What the process wrote to standard output and standard error, interleaved.
    var output: String

    var succeeded: Bool { exitCode == 0 }
  }

  /// A run that made no progress (its progress file stopped growing), as the watchdog found it.
  enum Stall: Equatable {
    /// A thread kept a CPU busy the whole time: a loop that never ends.
    case spinning(seconds: Int)
    /// No thread wanted a CPU the whole time: something waits for what never comes.
    case idle(seconds: Int)
  }

  var arguments: [String]
  var environment: [String: String] = [:]
  var directory: URL
  var timeLimit: Double?
  /// A file that grows while the run makes progress (Swift Testing's event stream); with it,
  /// the watchdog ends a run that stopped making progress well before the time limit.
  var progressFile: URL? = nil
  /// How long a run may make no progress while a CPU spins, or nothing runs, before it is ended.
  var stallLimit: (spinning: Double, idle: Double) = (8, 15)
  /// Called a few times a second while the program runs, with the output so far, to show progress.
  var onTick: ((_ output: String) -> Void)? = nil

  /// Runs the program and waits for it, for the time limit, or for the watchdog.
  func run(echo: Bool = false) throws -> Outcome {
    let log = FileManager.default.temporaryDirectory.appendingPathComponent("course-\(UUID().uuidString).log")
    defer { try? FileManager.default.removeItem(at: log) }

    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    // The programs the course's tests start in sessions of their own (compilers, race programs)
    // mark themselves here: their work is the run's progress, and they end with the run.
    let helpers = FileManager.default.temporaryDirectory.appendingPathComponent("course-helpers-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: helpers, withIntermediateDirectories: true)
    defer {
      for session in Self.markedSessions(in: helpers) { Sessions.end(session) }
      try? FileManager.default.removeItem(at: helpers)
    }
    merged["COURSE_HELPER_SESSIONS"] = helpers.path

    Sessions.installInterruptHandler()
    runsInProgress.add(1, ordering: .sequentiallyConsistent)
    defer { runsInProgress.subtract(1, ordering: .sequentiallyConsistent) }
    // The child starts in the process's current directory, which is the whole process's: two runs
    // started from two threads at once (`course prove` builds one round while the last one's tests run)
    // take turns, so that each child starts where it asked and the directory is put back.
    let started = Self.spawning.withLock { _ in
      let previous = FileManager.default.currentDirectoryPath
      _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
      defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }
      return Platform.spawnInNewSession(
        "/usr/bin/env", arguments: ["/usr/bin/env"] + arguments, environment: merged.map { "\($0.key)=\($0.value)" },
        outputPath: log.path)
    }
    let pid: pid_t
    switch started {
    case .success(let session): pid = session
    case .failure(let error): throw CourseError.couldNotRun(arguments.joined(separator: " "), code: error.code)
    }
    defer { Sessions.end(pid) }

    let start = Date()
    var watchdog = Watchdog(session: pid, limits: stallLimit)
    var ended: Platform.Exit?
    var timedOut = false
    var stall: Stall?
    var echoed = 0
    var lastTick = Date.distantPast
    while true {
      ended = Platform.exit(of: pid, waiting: false)
      if ended != nil { break }
      if echo { echoed = echoNew(from: log, after: echoed) }
      if let onTick, Date().timeIntervalSince(lastTick) > 0.3 {
        lastTick = Date()
        onTick(ProgramOutput.text(ofFile: log.path))
      }
      if let timeLimit, Date().timeIntervalSince(start) > timeLimit {
        timedOut = true
      } else if let progressFile {
        stall = watchdog.look(
          progress: Self.size(of: progressFile), helping: !Self.markedSessions(in: helpers).isEmpty)
      }
      if Sessions.interruption != 0 {
        Sessions.end(pid)
        exit(128 + Sessions.interruption)
      }
      if timedOut || stall != nil {
        Sessions.end(pid)
        ended = Platform.exit(of: pid, waiting: true)
        break
      }
      Thread.sleep(forTimeInterval: 0.02)
    }
    if echo { _ = echoNew(from: log, after: echoed) }
    let output = ProgramOutput.text(ofFile: log.path)
    let stopped = timedOut || stall != nil
    var exitCode: Int32?
    var signal: Int32?
    switch ended {
    case .exited(let code)? where !stopped: exitCode = code
    case .killed(let number)? where !stopped: signal = number
    default: break
    }
    return Outcome(exitCode: exitCode, signal: signal, timedOut: timedOut, stall: stall, output: output)
  }

  /// Held while a run changes the current directory to start its child.
  private static let spawning = Locked(())

  private static func size(of file: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  /// The sessions marked in `folder` by the programs the tests started, still running.
  static func markedSessions(in folder: URL) -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).compactMap { pid_t($0) }
  }

  private func echoNew(from log: URL, after offset: Int) -> Int {
    guard let data = try? Data(contentsOf: log), data.count > offset else { return offset }
    FileHandle.standardOutput.write(data[offset...])
    return data.count
  }
}

extension Subprocess {
  /// Watches a run's progress, and how much CPU time its processes use while it makes none.
  ///
  /// A loop that never ends keeps a CPU busy, however loaded the machine (with two other busy
  /// processes per core it still gets a good share of one); a run that waits for what never comes
  /// uses next to none. So the session's CPU time, as a share of the time watched, tells the two
  /// apart on every platform alike, where no OS shows a thread's run state the same way.
  struct Watchdog {
    let session: pid_t
    let limits: (spinning: Double, idle: Double)
    /// The share of one CPU above which a run without progress is spinning.
    static let spinningShare = 0.25
    /// The share of one CPU below which a run without progress is idle.
    static let idleShare = 0.05

    private var lastProgress = -1
    private var quietSince = Date()
    private var lastLook = Date.distantPast
    /// Since the run last made progress: when the session's CPU time was first read, and the CPU
    /// time its processes have used since then.
    private var watchedSince: Date?
    private var used = 0.0
    /// Each process's CPU time at the last look.
    private var lastCPU: [pid_t: Double] = [:]

    init(session: pid_t, limits: (spinning: Double, idle: Double)) {
      self.session = session
      self.limits = limits
    }

    /// Looks at the run; returns a stall once it has made no progress for long enough.
    ///
    /// `helping` says that a program a test started in a session of its own (a compiler, a race
    /// program) is running: the test waits for it, and it has a time limit of its own.
    mutating func look(progress: Int, helping: Bool = false, now: Date = Date()) -> Stall? {
      if progress != lastProgress || helping {
        lastProgress = progress
        quietSince = now
        watchedSince = nil
        used = 0
        return nil
      }
      let quiet = now.timeIntervalSince(quietSince)
      guard quiet >= 1, now.timeIntervalSince(lastLook) >= 0.25 else { return nil }
      lastLook = now
      let cpu = Self.cpuTimes(of: session)
      defer { lastCPU = cpu }
      guard let since = watchedSince else {
        watchedSince = now
        return nil
      }
      // A process seen for the first time used all its CPU time while this run was quiet.
      used += cpu.reduce(0) { total, process in total + max(0, process.value - (lastCPU[process.key] ?? 0)) }
      let share = used / max(now.timeIntervalSince(since), 0.001)
      if quiet >= limits.spinning, share >= Self.spinningShare { return .spinning(seconds: Int(quiet.rounded())) }
      if quiet >= limits.idle, share <= Self.idleShare { return .idle(seconds: Int(quiet.rounded())) }
      return nil
    }

    /// The CPU time of each process of `session`, in seconds.
    static func cpuTimes(of session: pid_t) -> [pid_t: Double] {
      var times: [pid_t: Double] = [:]
      for member in Platform.processes(inSession: session) ?? [session] {
        times[member] = Platform.cpuSeconds(ofProcess: member)
      }
      return times
    }
  }
}

/// Set by the signal handler, read by the loops that wait for programs: atomics, which a signal
/// handler may write and the thread sanitizer sees.
private let pendingInterrupt = Atomic<Int32>(0)
/// How many programs the runner is waiting for; changed only around ``Subprocess/run(echo:)``.
private let runsInProgress = Atomic<Int32>(0)

/// The sessions of the programs the runner started, so that they end with the check that started them.
enum Sessions {
  /// Kills every process of `session`, the program and whatever it started.
  static func end(_ session: pid_t) {
    end(session, sparing: nil)
  }

  /// Kills every process of `session` but `spared` (a session's leader ending the rest of it).
  static func end(_ session: pid_t, sparing spared: pid_t?) {
    guard let members = Platform.processes(inSession: session)?.filter({ $0 != spared }) else {
      // No process list: the leader's group is the most that can be reached.
      if spared == nil { Platform.send(SIGKILL, toGroup: session) }
      return
    }
    // Stop them all first, so none can start another process while the others are killed.
    for member in members { Platform.send(SIGSTOP, to: member) }
    for member in Platform.processes(inSession: session)?.filter({ $0 != spared }) ?? members {
      Platform.send(SIGKILL, to: member)
    }
  }

  /// Ends every running session and exits on Ctrl-C or SIGTERM, so that no test process outlives `course`.
  ///
  /// The handler only notes the signal (little else is safe inside one); the loop that waits for
  /// the program ends its session and exits. With no program running, the handler exits at once.
  static func installInterruptHandler() {
    _ = interruptHandlerInstalled
  }

  private static let interruptHandlerInstalled: Bool = {
    Platform.handle([SIGINT, SIGTERM]) { received in
      pendingInterrupt.store(received, ordering: .sequentiallyConsistent)
      if runsInProgress.load(ordering: .sequentiallyConsistent) == 0 { Platform.exitAtOnce(128 + received) }
    }
    return true
  }()

  /// The signal that interrupted `course`, or 0.
  static var interruption: Int32 { pendingInterrupt.load(ordering: .sequentiallyConsistent) }
}
