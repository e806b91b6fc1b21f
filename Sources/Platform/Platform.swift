// Darwin first: the type-check against the test-only Darwin shim (`.ci/check-darwin`) then reads
// this file as a Mac compiles it, although Glibc is there too.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Every question the course asks of the operating system that Linux and Darwin answer through
/// different calls, and every process, signal and file-lock call the course makes, behind one
/// small API.
///
/// The course's verdicts need very little from the OS: the kit counts the work it starts itself
/// (scripted legacy replies, child processes, held queues) and reads only two clocks that POSIX
/// gives every platform alike, the process's CPU time and the calling thread's. What is left lives
/// here: starting a program in a session of its own, waiting for it, signalling it, listing and
/// timing that session's processes, a lock on a file, finding a runtime symbol, and the terminal.
/// `Platform+Linux.swift` and `Platform+Darwin.swift` hold the few calls that differ; this file
/// holds the rest, once. Only this folder calls those parts of the C library
/// (`.ci/check-project-files` reads the list in `.ci/platform-calls`), so `.ci/check-darwin`,
/// which type-checks this folder against a shim of Apple's declarations, sees every one of them.
public enum Platform {
  // MARK: The compiler

  /// The flags that make a `swiftc` run by the course build for the oldest system the package
  /// supports: on a Mac, macOS 15 (where `Mutex` first ships), whatever the Mac runs; elsewhere, none.
  public static var compilerTargetFlags: [String] {
    #if os(macOS)
      #if arch(arm64)
        return ["-target", "arm64-apple-macos15.0"]
      #else
        return ["-target", "x86_64-apple-macos15.0"]
      #endif
    #else
      return []
    #endif
  }

  /// The command that names the `swiftc` the system's own selection chooses, where it has one: on a
  /// Mac, `xcrun --find swiftc`, which honours `DEVELOPER_DIR`, `TOOLCHAINS` and `xcode-select -s`
  /// as every developer tool does; elsewhere `nil`, where `PATH` is the selection.
  public static var selectedCompilerLookup: [String]? {
    #if os(macOS)
      return ["/usr/bin/xcrun", "--find", "swiftc"]
    #else
      return nil
    #endif
  }

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

  // MARK: Units

  /// Seconds in `ticks` of a clock that counts `timebase.numerator / timebase.denominator`
  /// nanoseconds a tick, as `mach_timebase_info` describes Darwin's Mach absolute time (125/3 on
  /// Apple silicon, 1/1 on Intel); a zero denominator reads as nanoseconds.
  ///
  /// Pure, so that the Darwin file's arithmetic is tested on Linux with both timebases.
  static func seconds(ticks: UInt64, timebase: (numerator: UInt32, denominator: UInt32)) -> Double {
    guard timebase.denominator != 0 else { return Double(ticks) / 1e9 }
    return Double(ticks) * Double(timebase.numerator) / Double(timebase.denominator) / 1e9
  }

  /// Bytes in a `ru_maxrss` value, which Darwin reports in bytes and Linux in kilobytes.
  static func bytes(maxResidentSetSize: Int, inKilobytes: Bool) -> Double {
    Double(maxResidentSetSize) * (inKilobytes ? 1024 : 1)
  }

  // MARK: Programs and sessions

  /// Starts the program at `path` in a session of its own, with `arguments` (the first is its
  /// name) and `environment` (`NAME=value` strings) less any sanitizer runtime the dynamic loader
  /// was told to inject (see ``environmentForChildren(_:)``), standard input from `/dev/null`, and
  /// standard output and standard error both written to the file at `outputPath`.
  ///
  /// Signals start with their default handling and none is blocked, whatever the calling thread
  /// blocks (Dispatch's threads block them all) or ignores, so the program can always be stopped.
  /// Returns the program's process id, which is also its session's id, or the error
  /// `posix_spawn` gave.
  public static func spawnInNewSession(
    _ path: String, arguments: [String], environment: [String], outputPath: String
  ) -> Result<pid_t, SpawnError> {
    spawn(path, arguments: arguments, environment: environment, outputPath: outputPath, flags: newSessionFlag)
  }

  /// Starts the program at `path` as ``spawnInNewSession(_:arguments:environment:outputPath:)``
  /// does, but in this process's own session and process group: a program that leads a session
  /// of its own runs its work there, so that ending the session ends the work too.
  public static func spawnInThisSession(
    _ path: String, arguments: [String], environment: [String], outputPath: String
  ) -> Result<pid_t, SpawnError> {
    spawn(path, arguments: arguments, environment: environment, outputPath: outputPath, flags: 0)
  }

  private static func spawn(
    _ path: String, arguments: [String], environment: [String], outputPath: String, flags: Int16
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
      &attributes, flags | Int16(POSIX_SPAWN_SETSIGMASK) | Int16(POSIX_SPAWN_SETSIGDEF))

    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environmentForChildren(environment).map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }
    var pid: pid_t = 0
    let status = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    return status == 0 ? .success(pid) : .failure(SpawnError(code: status))
  }

  /// `environment` (`NAME=value` strings) without the sanitizer runtimes it tells the dynamic loader
  /// to inject: the entries of `DYLD_INSERT_LIBRARIES` (and of `LD_PRELOAD`) whose file is one of
  /// compiler-rt's `libclang_rt.*san*` libraries, and the variable itself once nothing is left in it.
  ///
  /// On a Mac, `swift test --sanitize=thread` loads the thread sanitizer's runtime into the test
  /// process through `DYLD_INSERT_LIBRARIES`, which every program that process starts would inherit:
  /// a `swiftc`, or a program topic 8 builds without the sanitizer, would then run with a runtime it
  /// was not built for. Linux links the runtime into the test binary, so there it only guards
  /// against a preload set by hand. Every other variable is kept, in its order.
  public static func environmentForChildren(_ environment: [String]) -> [String] {
    environment.compactMap { entry in
      guard let equals = entry.firstIndex(of: "=") else { return entry }
      let name = entry[..<equals]
      guard injectionVariables.contains(String(name)) else { return entry }
      let separators: Set<Character> = name == "LD_PRELOAD" ? [":", " "] : [":"]
      let kept = entry[entry.index(after: equals)...].split(whereSeparator: separators.contains).filter {
        !isSanitizerRuntime(String($0))
      }
      return kept.isEmpty ? nil : "\(name)=\(kept.joined(separator: ":"))"
    }
  }

  /// The variables through which a dynamic loader injects libraries into every program started.
  static let injectionVariables: Set<String> = ["DYLD_INSERT_LIBRARIES", "LD_PRELOAD"]

  /// Whether `path` names a sanitizer runtime of compiler-rt (`libclang_rt.tsan_osx_dynamic.dylib`).
  static func isSanitizerRuntime(_ path: String) -> Bool {
    let file = path.split(separator: "/").last.map(String.init) ?? path
    return file.hasPrefix("libclang_rt.") && file.contains("san")
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

  // MARK: Waiting, signals and exits

  /// How a program that ended did so, as `waitpid` reports it.
  public enum Exit: Equatable, Sendable {
    /// It called `exit` (or returned from `main`) with this code.
    case exited(code: Int32)
    /// A signal ended it.
    case killed(signal: Int32)

    /// The status word `waitpid` fills in, decoded: Linux and Darwin lay it out alike (the signal in
    /// the low seven bits, zero for a normal exit, whose code is the next byte).
    static func decoding(_ status: Int32) -> Exit {
      status & 0x7f == 0 ? .exited(code: (status >> 8) & 0xff) : .killed(signal: status & 0x7f)
    }
  }

  /// How the child process `pid` ended, reaping it; `nil` if it still runs (or is not a child of
  /// this process). With `waiting`, waits for it to end first.
  public static func exit(of pid: pid_t, waiting: Bool) -> Exit? {
    var status: Int32 = 0
    guard waitpid(pid, &status, waiting ? 0 : WNOHANG) == pid else { return nil }
    return .decoding(status)
  }

  /// Sends `signalNumber` to the process `pid`.
  public static func send(_ signalNumber: Int32, to pid: pid_t) {
    _ = kill(pid, signalNumber)
  }

  /// Sends `signalNumber` to every process of the process group `group`.
  public static func send(_ signalNumber: Int32, toGroup group: pid_t) {
    _ = kill(-group, signalNumber)
  }

  /// This process's id.
  public static var processID: pid_t { getpid() }

  /// The id of this process's session.
  public static var sessionID: pid_t { getsid(0) }

  /// Has `handler` run when any of `signals` arrives, in place of the default action.
  ///
  /// A C function, as a signal handler must be: it may do little more than store to an atomic
  /// and call ``exitAtOnce(_:)``.
  public static func handle(_ signals: [Int32], with handler: @convention(c) (Int32) -> Void) {
    for signalNumber in signals { _ = signal(signalNumber, handler) }
  }

  /// Lets `signalNumber` reach the calling thread, which may have inherited a mask that blocks it
  /// (Dispatch's threads block every signal).
  public static func unblockOnThisThread(_ signalNumber: Int32) {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, signalNumber)
    _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
  }

  /// Ends this process at once with `code`, running no `atexit` handler and flushing nothing: the
  /// one way out that is safe inside a signal handler.
  public static func exitAtOnce(_ code: Int32) -> Never {
    _exit(code)
  }

  // MARK: A lock shared by processes

  /// An exclusive lock on a file (`flock`), shared by every process that takes it, and freed when
  /// its holder releases it or ends, however it ends.
  public struct FileLock: Sendable {
    private let descriptor: Int32

    /// Waits, on the calling thread, until no other process holds the lock on the file at `path`
    /// (made if missing), and takes it. If the file cannot be opened, returns a lock that holds
    /// nothing, so a caller goes on unlocked rather than not at all.
    public static func acquire(at path: String) -> FileLock {
      let descriptor = open(path, O_RDWR | O_CREAT, 0o666)
      if descriptor >= 0 { _ = flock(descriptor, LOCK_EX) }
      return FileLock(descriptor: descriptor)
    }

    /// Frees the lock for the next process.
    public func release() {
      guard descriptor >= 0 else { return }
      _ = flock(descriptor, LOCK_UN)
      close(descriptor)
    }
  }

  // MARK: The runtime and the terminal

  /// The address of the symbol `name` in the program or a library it loaded, or `nil`.
  ///
  /// The course looks up the concurrency runtime's hooks this way, so it must say, where a
  /// runtime does not export one, which checks that weakens.
  public static func runtimeSymbol(_ name: String) -> UnsafeMutableRawPointer? {
    dlsym(symbolScope(), name)
  }

  /// The path of the loaded image (the program, or a library it loaded) that holds `address`, as
  /// the dynamic loader knows it, or `nil`.
  ///
  /// The course finds the toolchain a test process was started from this way: Swift Testing's library
  /// is loaded from that toolchain, on Linux and on a Mac alike, whatever `PATH` says.
  public static func imagePath(containing address: UnsafeRawPointer) -> String? {
    loadedImagePath(containing: UInt(bitPattern: address))
  }

  /// Whether `descriptor` is a terminal (not a file or a pipe).
  public static func isTerminal(_ descriptor: Int32) -> Bool {
    isatty(descriptor) != 0
  }

  /// How many columns wide the terminal on `descriptor` is, or `nil` if it is not a terminal.
  public static func terminalColumns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, terminalSizeRequest, &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
