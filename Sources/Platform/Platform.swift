// Darwin first: the type-check against the test-only Darwin shim (`.ci/check-darwin`) then reads
// this file as a Mac compiles it, although Glibc is there too.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Every question the course asks of the operating system that Linux and Darwin answer through
/// different calls, behind one small API.
///
/// The course's verdicts need very little from the OS: the kit counts the work it starts itself
/// (scripted legacy replies, child processes, held queues) and reads only two clocks that POSIX
/// gives every platform alike, the process's CPU time and the calling thread's. What is left lives
/// here: starting a program in a session of its own, listing and timing that session's processes,
/// finding a runtime symbol, and the terminal's width. `Platform+Linux.swift` and
/// `Platform+Darwin.swift` hold the few calls that differ; this file holds the rest, once.
///
/// With `COURSE_PORTABLE=1`, Linux answers as a Mac does wherever the two could differ (see
/// ``isPortable``), so that the graded suites and the runner can be proved here to give a Mac's
/// verdicts.
public enum Platform {
  /// Whether `COURSE_PORTABLE=1` asks Linux to answer as the weakest supported platform does.
  ///
  /// Little depends on it, by design: the kit decides from the two POSIX clocks and its own counts
  /// on every platform, and the runner from the session's processes and their CPU time, which
  /// libproc gives a Mac as `/proc` gives Linux. Where the Linux file could still answer in a way
  /// the Darwin file cannot, this mode makes it answer the Darwin way: the runtime's symbols are
  /// looked up in the default search scope (Darwin's `RTLD_DEFAULT`), not through the main
  /// program's handle. The kit's own probes do the rest on every platform alike: the cooperative
  /// pool's width is measured, never assumed, and the job hook is proved to be called before a
  /// check relies on it.
  public static let isPortable: Bool = {
    guard let value = getenv("COURSE_PORTABLE") else { return false }
    return String(cString: value) == "1"
  }()

  // MARK: CPU time

  /// A clock of CPU time that every supported platform has (POSIX's process and thread clocks).
  public enum CPUClock: Sendable {
    /// The CPU time of every thread of this process.
    case process
    /// The CPU time of the calling thread.
    case thisThread
  }

  /// The CPU time `clock` has counted so far, in seconds (0 if it cannot be read).
  public static func cpuSeconds(_ clock: CPUClock) -> Double {
    var time = timespec()
    let id = clock == .process ? processClock : threadClock
    guard clock_gettime(id, &time) == 0 else { return 0 }
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// The CPU time that process `pid` has used so far, in seconds, or `nil` if it cannot be read
  /// (the process is gone, or belongs to someone else).
  public static func cpuSeconds(ofProcess pid: pid_t) -> Double? {
    processCPUSeconds(pid)
  }

  /// This process's peak resident memory so far, in megabytes, for the benchmarks' reports.
  public static func peakResidentMegabytes() -> Double {
    peakResidentBytes() / 1_048_576
  }

  // MARK: Programs and sessions

  /// Starts the program at `path` in a session of its own, with `arguments` (the first is its
  /// name) and `environment` (`NAME=value` strings), standard input from `/dev/null`, and standard
  /// output and standard error both written to the file at `outputPath`.
  ///
  /// Signals start with their default handling and none is blocked, whatever the calling thread
  /// blocks (Dispatch's threads block them all) or ignores, so the program can always be stopped.
  /// Returns the program's process id, which is also its session's id, or the error
  /// `posix_spawn` gave.
  public static func spawnInNewSession(
    _ path: String, arguments: [String], environment: [String], outputPath: String
  ) -> Result<pid_t, SpawnError> {
    var actions = blankFileActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)

    var attributes = blankSpawnAttributes()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signalNumber in [SIGINT, SIGTERM, SIGALRM] { sigaddset(&defaults, signalNumber) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(
      &attributes, newSessionFlag | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
  }

  /// Why a program could not be started: the error number `posix_spawn` returned.
  public struct SpawnError: Error, Sendable {
    /// The `errno` value.
    public let code: Int32
  }

  /// The processes of session `session`, or `nil` if this platform cannot list processes.
  ///
  /// Each process is asked its session (`getsid`), so a process that moved to a group of its own
  /// (a test binary under `swift test`) is found as long as it did not start a session of its own.
  public static func processes(inSession session: pid_t) -> [pid_t]? {
    allProcesses()?.filter { $0 > 0 && getsid($0) == session }
  }

  // MARK: The runtime and the terminal

  /// The address of the symbol `name` in the program or a library it loaded, or `nil`.
  ///
  /// The course looks up the concurrency runtime's hooks this way, so it must say, where a
  /// runtime does not export one, which checks that weakens.
  public static func runtimeSymbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(symbolScope(), name)
  }

  /// How many columns wide the terminal on `descriptor` is, or `nil` if it is not a terminal.
  public static func terminalColumns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, terminalSizeRequest, &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
