import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs a program in a process group of its own, with a time limit, capturing its output.
///
/// `swift test` starts helper processes of its own; a hung test must be stopped
/// with all of them, so the runner kills the whole group, not just the child.
struct Subprocess {
  /// How a run ended.
  struct Outcome {
    /// The exit code, or `nil` when the process was killed by a signal or timed out.
    var exitCode: Int32?
    /// The signal that ended the process, if one did.
    var signal: Int32?
    /// `true` when the time limit ended the run.
    var timedOut: Bool
    /// What the process wrote to standard output and standard error, interleaved.
    var output: String

    var succeeded: Bool { exitCode == 0 }
  }

  var arguments: [String]
  var environment: [String: String] = [:]
  var directory: URL
  var timeLimit: Double?

  /// Runs the program and waits for it, or for the time limit.
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
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)

    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    let environmentStrings = merged.map { "\($0.key)=\($0.value)" }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = environmentStrings.map { strdup($0) } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }

    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(directory.path)
    var pid: pid_t = 0
    let status = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    _ = FileManager.default.changeCurrentDirectoryPath(previous)
    guard status == 0 else { throw CourseError.couldNotRun(arguments.joined(separator: " "), code: status) }

    let start = Date()
    var waitStatus: Int32 = 0
    var timedOut = false
    var echoed = 0
    while true {
      let result = waitpid(pid, &waitStatus, WNOHANG)
      if result == pid { break }
      if echo { echoed = echoNew(from: log, after: echoed) }
      if let timeLimit, Date().timeIntervalSince(start) > timeLimit {
        timedOut = true
        kill(-pid, SIGKILL)
        waitpid(pid, &waitStatus, 0)
        break
      }
      usleep(20_000)
    }
    if echo { _ = echoNew(from: log, after: echoed) }
    let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
    let exited = waitStatus & 0x7f == 0
    return Outcome(
      exitCode: exited && !timedOut ? (waitStatus >> 8) & 0xff : nil,
      signal: exited || timedOut ? nil : waitStatus & 0x7f,
      timedOut: timedOut, output: output)
  }

  private func echoNew(from log: URL, after offset: Int) -> Int {
    guard let data = try? Data(contentsOf: log), data.count > offset else { return offset }
    FileHandle.standardOutput.write(data[offset...])
    return data.count
  }
}
