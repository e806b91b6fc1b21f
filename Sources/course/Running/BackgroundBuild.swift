import CourseCatalog
import Foundation
import Platform

/// The build of a topic that the overview starts while the learner reads the lesson, so that the
/// first check of that topic only has to link.
///
/// It runs exactly the build a check of the topic runs (``Checker/buildCommand(topics:sourcesFolder:scratch:)``),
/// in the check's own build folder, in a session of its own, with its output thrown away. Any
/// build or test run the course starts stops it first (``stop(in:)``), so a check never waits for
/// it and reuses whatever it finished; a stopped build leaves no process and no record behind.
/// `swift run` itself never waits for it either: checks build in a folder of their own, not in
/// the `.build` that `swift run` locks.
enum BackgroundBuild {
  /// Where a running background build is recorded: its session's id, then the topic's module.
  static let recordPath = ".course/background-build"

  /// Whether the overview may start one: a person is reading (standard output is a terminal), this
  /// is no CI run, and nobody turned it off with `COURSE_NO_BACKGROUND_BUILD=1`.
  static func isWanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    Platform.isTerminal(STDOUT_FILENO) && environment["CI"] == nil
      && environment["COURSE_NO_BACKGROUND_BUILD"] != "1"
  }

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
      "/usr/bin/env", arguments: ["/usr/bin/env"] + command.arguments,
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
  /// SwiftPM stops its compilers on an interrupt and keeps what they finished; whatever is still
  /// there after two seconds is killed. A killed process lets go of SwiftPM's lock on the build
  /// folder as it dies, so the build that follows never waits for one. (Its parent, the overview,
  /// has long exited, so the system reaps it; until then it is a zombie, which holds nothing.)
  static func stop(in workspace: Workspace) {
    defer { try? FileManager.default.removeItem(at: workspace.url(recordPath)) }
    guard let session = running(in: workspace) else { return }
    Platform.send(SIGINT, to: session)
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
