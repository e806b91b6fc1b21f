import Dispatch
import Foundation
import Locking

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // A new session; and the default signal handling, whatever this thread blocks (Dispatch's threads
    // block them all) or `course` ignores (Ctrl-C, which it handles itself), so the program can be stopped.
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signalNumber in [SIGINT, SIGTERM, SIGALRM] { sigaddset(&defaults, signalNumber) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, Self.newSessionFlag | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))

    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    let environmentStrings = merged.map { "\($0.key)=\($0.value)" }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = environmentStrings.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }

    Sessions.installInterruptHandler()
    runsInProgress += 1
    defer { runsInProgress -= 1 }
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    _ = FileManager.default.changeCurrentDirectoryPath(previous)
    guard status == 0 else { throw CourseError.couldNotRun(arguments.joined(separator: " "), code: status) }
    defer { Sessions.end(pid) }

    let start = Date()
    var watchdog = Watchdog(session: pid, limits: stallLimit)
    var waitStatus: Int32 = 0
    var timedOut = false
    var stall: Stall?
    var echoed = 0
    var lastTick = Date.distantPast
    while true {
      let result = waitpid(pid, &waitStatus, WNOHANG)
      if result == pid { break }
      if echo { echoed = echoNew(from: log, after: echoed) }
      if let onTick, Date().timeIntervalSince(lastTick) > 0.3 {
        lastTick = Date()
        onTick((try? String(contentsOf: log, encoding: .utf8)) ?? "")
      }
      if let timeLimit, Date().timeIntervalSince(start) > timeLimit {
        timedOut = true
      } else if let progressFile {
        stall = watchdog.look(progress: Self.size(of: progressFile))
      }
      if Sessions.interruption != 0 {
        Sessions.end(pid)
        exit(128 + Sessions.interruption)
      }
      if timedOut || stall != nil {
        Sessions.end(pid)
        waitpid(pid, &waitStatus, 0)
        break
      }
      usleep(20_000)
    }
    if echo { _ = echoNew(from: log, after: echoed) }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let stopped = timedOut || stall != nil
    let exited = waitStatus & 0x7f == 0
    return Outcome(
      exitCode: exited && !stopped ? (waitStatus >> 8) & 0xff : nil,
      signal: exited || stopped ? nil : waitStatus & 0x7f,
      timedOut: timedOut, stall: stall, output: output)
  }

  #if os(Linux)
    /// `POSIX_SPAWN_SETSID`, which glibc declares only for `_GNU_SOURCE`, hidden from Swift's Glibc module.
    private static let newSessionFlag: Int16 = 0x80
  #else
    private static let newSessionFlag = Int16(POSIX_SPAWN_SETSID)
  #endif

  private static func size(of file: URL) -> Int {
    ((try? FileManager.default.attributesOfItem(atPath: file.path))?[.size] as? NSNumber)?.intValue ?? 0
  }

  private func echoNew(from log: URL, after offset: Int) -> Int {
    guard let data = try? Data(contentsOf: log), data.count > offset else { return offset }
    FileHandle.standardOutput.write(data[offset...])
    return data.count
  }
}

extension Subprocess {
  /// Watches a run's progress, and how its processes use the CPU while it makes none.
  struct Watchdog {
    let session: pid_t
    let limits: (spinning: Double, idle: Double)
    private var lastProgress = -1
    private var quietSince = Date()
    private var lastLook = Date.distantPast
    /// Since the run last made progress: how many looks found a thread that wanted a CPU, of how many.
    private var looks = 0
    private var busyLooks = 0

    init(session: pid_t, limits: (spinning: Double, idle: Double)) {
      self.session = session
      self.limits = limits
    }

    /// Looks at the run; returns a stall once it has made no progress for long enough.
    mutating func look(progress: Int, now: Date = Date()) -> Stall? {
      if progress != lastProgress {
        lastProgress = progress
        quietSince = now
        looks = 0
        busyLooks = 0
        return nil
      }
      let quiet = now.timeIntervalSince(quietSince)
      guard quiet >= 1, now.timeIntervalSince(lastLook) >= 0.25 else { return nil }
      lastLook = now
      looks += 1
      if Sessions.hasRunnableThread(session) { busyLooks += 1 }
      // A loop keeps a thread runnable at every look; a hang leaves none runnable at any.
      if quiet >= limits.spinning, busyLooks == looks { return .spinning(seconds: Int(quiet.rounded())) }
      if quiet >= limits.idle, busyLooks * 20 <= looks { return .idle(seconds: Int(quiet.rounded())) }
      return nil
    }
  }
}

/// Set by the signal handler, read by the loops that wait for programs: plain integers, which is
/// what a signal handler may safely write.
nonisolated(unsafe) private var pendingInterrupt: Int32 = 0
/// How many programs the runner is waiting for; changed only around ``Subprocess/run(echo:)``.
nonisolated(unsafe) private var runsInProgress: Int32 = 0

/// The sessions of the programs the runner started, so that they end with the check that started them.
enum Sessions {
  /// Kills every process of `session`, the program and whatever it started.
  static func end(_ session: pid_t) {
    #if os(Linux)
      // Stop them all first, so none can start another process while the others are killed.
      let members = processes(in: session)
      for member in members { kill(member, SIGSTOP) }
      for member in processes(in: session) { kill(member, SIGKILL) }
    #else
      // Without /proc, the session leader's process group stands for the session: a test binary
      // that moved to a group of its own can outlive this on macOS.
      kill(-session, SIGKILL)
    #endif
  }

  /// Ends every running session and exits on Ctrl-C or SIGTERM, so that no test process outlives `course`.
  ///
  /// The handler only notes the signal (little else is safe inside one); the loop that waits for
  /// the program ends its session and exits. With no program running, the handler exits at once.
  static func installInterruptHandler() {
    _ = interruptHandlerInstalled
  }

  private static let interruptHandlerInstalled: Bool = {
    for signalNumber in [SIGINT, SIGTERM] {
      signal(signalNumber) { received in
        pendingInterrupt = received
        if runsInProgress == 0 { _exit(128 + received) }
      }
    }
    return true
  }()

  /// The signal that interrupted `course`, or 0.
  static var interruption: Int32 { pendingInterrupt }

  /// The processes whose session is `session` (Linux: read from `/proc`).
  static func processes(in session: pid_t) -> [pid_t] {
    statFields(of: allProcesses()).compactMap { pid, fields in
      // After the state come ppid, pgrp and session.
      fields.count > 3 && pid_t(fields[3]) == session ? pid : nil
    }
  }

  /// Whether a thread of any process of `session` is running or waiting for a CPU.
  static func hasRunnableThread(_ session: pid_t) -> Bool {
    #if os(Linux)
      for member in processes(in: session) {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(member)/task")) ?? []
        for task in tasks where fields(ofStat: "/proc/\(member)/task/\(task)/stat")?.first == "R" { return true }
      }
      return false
    #else
      return true  // Unknown without /proc: only the time limit ends a spinning run.
    #endif
  }

  private static func allProcesses() -> [pid_t] {
    ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { pid_t($0) }
  }

  private static func statFields(of pids: [pid_t]) -> [(pid_t, [Substring])] {
    pids.compactMap { pid in fields(ofStat: "/proc/\(pid)/stat").map { (pid, $0) } }
  }

  /// The fields of a `stat` file after the command name (which is in parentheses and may hold spaces).
  private static func fields(ofStat path: String) -> [Substring]? {
    guard let stat = try? String(contentsOfFile: path, encoding: .utf8), let end = stat.lastIndex(of: ")") else {
      return nil
    }
    return stat[stat.index(after: end)...].split(separator: " ")
  }
}
