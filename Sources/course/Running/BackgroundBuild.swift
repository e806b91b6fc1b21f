import CourseCatalog
import Foundation
import Platform

/// The build of a topic that the overview starts while the learner reads the lesson, so that the
/// first check of that topic only has to link.
///
/// It runs exactly the build a check of the topic runs (``Checker/buildCommand(topics:sourcesFolder:scratch:)``),
/// in the check's own build folder, in a session of its own, at the priority `course` has (a `course`
/// run under `nice` builds under it too), with its output thrown away. Any build or test run the
/// course starts stops it first (``stop(in:)``), so a check never waits for it and reuses whatever
/// it finished. However it ends (stopped by a check, its SwiftPM killed by hand, or done), no
/// process of it is left: a small shell leads its session and, when the build ends, ends every
/// process still in its process group, compilers included. `swift run` itself never waits for it
/// either: checks build in a folder of their own, not in the `.build` that `swift run` locks.
enum BackgroundBuild {
  /// Where a running background build is recorded: its session's id, then the topic's module.
  static let recordPath = ".course/background-build"

  /// Whether the overview may start one: this is no CI run, and nobody turned it off with
  /// `COURSE_NO_BACKGROUND_BUILD=1`. Whether standard output is a terminal does not matter: an
  /// editor's task or a piped overview is read by a person too, whose first check should be quick.
  static func isWanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    environment["CI"] == nil && environment["COURSE_NO_BACKGROUND_BUILD"] != "1"
  }

  /// The shell that leads a background build's session: it runs the build in its foreground, and
  /// when the build ends, however it ends, kills whatever is left in its process group; an
  /// interrupt (from ``stop(in:)``, sent to the whole group) reaches the build, which stops and
  /// keeps what it finished, and waits for it; a hangup or a termination ends the group at once.
  static let supervisor = "trap : INT; trap 'kill -KILL 0' HUP TERM; \"$@\"; kill -KILL 0"

  /// Starts building `topic` for its first check, unless it has been built before or a background
  /// build is running already; returns whether one was started.
  @discardableResult
  static func start(_ topic: Topic, in workspace: Workspace) -> Bool {
    let checker = Checker(workspace: workspace, mode: .exercises)
    // A topic built once rebuilds only what changed: its next check is quick without help.
    let built = workspace.url(checker.scratchPath).appendingPathComponent("debug/\(topic.testModule).build")
    guard !FileManager.default.fileExists(atPath: built.path), running(in: workspace) == nil else { return false }
    let command = checker.buildCommand(
      topics: [topic], sourcesFolder: checker.sourcesFolder(of: topic), scratch: checker.scratchPath)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(command.environment) { _, new in new }
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(workspace.root.path)
    let started = Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", supervisor, "sh", "/usr/bin/env"] + command.arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, outputPath: "/dev/null")
    _ = FileManager.default.changeCurrentDirectoryPath(previous)
    guard case .success(let session) = started else { return false }
    let record = workspace.url(recordPath)
    try? FileManager.default.createDirectory(at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try? "\(session)\n\(topic.module)\n".write(to: record, atomically: true, encoding: .utf8)
    return true
  }

  /// The session of the background build that is running, if one is.
  static func running(in workspace: Workspace) -> pid_t? {
    guard let text = workspace.read(recordPath), let line = text.split(separator: "\n").first,
      let session = pid_t(line), session > 0
    else { return nil }
    // A session whose processes are all gone has ended; where processes cannot be listed, its
    // leader's group is all that can be reached, and is taken as running.
    guard let members = Platform.processes(inSession: session) else { return session }
    return members.isEmpty ? nil : session
  }

  /// Stops the background build, if one is running: its every process ends, and its record goes.
  ///
  /// The interrupt goes to the whole process group: SwiftPM stops its compilers and keeps what
  /// they finished, and the shell that leads the session ends whatever is left; whatever is still
  /// there after two seconds is killed. A killed process lets go of SwiftPM's lock on the build
  /// folder as it dies, so the build that follows never waits for one. (Its parent, the overview,
  /// has long exited, so the system reaps it; until then it is a zombie, which holds nothing.)
  static func stop(in workspace: Workspace) {
    defer { try? FileManager.default.removeItem(at: workspace.url(recordPath)) }
    guard let session = running(in: workspace) else { return }
    Platform.send(SIGINT, toGroup: session)
    if !waitUntilGone(session, seconds: 2) { Sessions.end(session) }
  }

  /// Whether session `session` has no process left within `seconds`.
  private static func waitUntilGone(_ session: pid_t, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      guard let members = Platform.processes(inSession: session) else { return true }
      if members.isEmpty { return true }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return false
  }
}
