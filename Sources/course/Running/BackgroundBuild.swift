import CourseCatalog
import Foundation
import Platform
import Synchronization

/// The build of a topic that the overview starts while the learner reads the lesson, so that the
/// first check of that topic only has to link.
///
/// It runs exactly the build a check of the topic runs (``Checker/buildCommand(topics:sourcesFolder:scratch:)``),
/// in the check's own build folder, in a session of its own, at the priority `course` has (a `course`
/// run under `nice` builds under it too), with its output thrown away. Any build or test run the
/// course starts stops it first (``stop(in:)``), so a check never waits for it and reuses whatever
/// it finished. However it ends (stopped by a check, its SwiftPM killed by hand, its leader
/// terminated, or done), no process of it is left: `course` itself leads its session
/// (``supervise(_:)``) and, when the build ends, ends every process still in the session. The
/// session, not the process group: SwiftPM starts each compiler in a process group of its own.
/// `swift run` itself never waits for it either: checks build in a folder of their own, not in the
/// `.build` that `swift run` locks.
enum BackgroundBuild {
  /// Where a running background build is recorded: its session's id, then the topic's module.
  static let recordPath = ".course/background-build"

  /// Whether the overview may start one: this is no CI run, and nobody turned it off with
  /// `COURSE_NO_BACKGROUND_BUILD=1`. Whether standard output is a terminal does not matter: an
  /// editor's task or a piped overview is read by a person too, whose first check should be quick.
  static func isWanted(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    environment["CI"] == nil && environment["COURSE_NO_BACKGROUND_BUILD"] != "1"
  }

  /// The argument that makes `course` lead a background build's session: `course <flag> swift build …`.
  static let supervisorFlag = "--lead-background-build"

  /// Runs the build `arguments` name in this process's session, which ``start(_:in:)`` made for it,
  /// and when the build ends, however it ends, ends every other process of the session, and exits.
  ///
  /// An interrupt (from ``stop(in:)``, sent to the leader's process group) reaches the build, which
  /// stops and keeps what it finished; the leader outlives it to end what is left, such as the
  /// compilers SwiftPM started in process groups of their own. A hangup or a termination ends the
  /// session at once. Only `course` runs this, in the process ``start(_:in:)`` spawned.
  static func supervise(_ arguments: [String]) -> Never {
    Platform.handle([SIGINT]) { _ in }  // noted by nobody: the build gets it too, and this waits for the build
    Platform.handle([SIGHUP, SIGTERM]) { received in leaderSignal.store(received, ordering: .relaxed) }
    var environment = ProcessInfo.processInfo.environment
    environment[supervisorVariable] = nil
    let started = Platform.spawnInThisSession(
      "/usr/bin/env", arguments: ["/usr/bin/env"] + arguments,
      environment: environment.map { "\($0.key)=\($0.value)" }, outputPath: "/dev/null")
    if case .success(let build) = started {
      while Platform.exit(of: build, waiting: false) == nil, leaderSignal.load(ordering: .relaxed) == 0 {
        Thread.sleep(forTimeInterval: 0.05)
      }
    }
    let session = Platform.sessionID
    if Platform.processes(inSession: session) == nil {
      Platform.send(SIGKILL, toGroup: session)  // no process list: the group, this process included
    }
    Sessions.end(session, sparing: Platform.processID)
    exit(0)
  }

  /// Set in the leader's environment, so that `course` knows it was started as one (and a build it
  /// runs never inherits it).
  static let supervisorVariable = "COURSE_LEADS_BACKGROUND_BUILD"

  /// The `course` program that is running, which leads the background build's session.
  static var courseProgram: String? {
    Bundle.main.executableURL?.resolvingSymlinksInPath().path
  }

  /// Starts building `topic` for its first check, unless it has been built before or a background
  /// build is running already; returns whether one was started.
  @discardableResult
  static func start(_ topic: Topic, in workspace: Workspace) -> Bool {
    let checker = Checker(workspace: workspace, mode: .exercises)
    // A topic built once rebuilds only what changed: its next check is quick without help.
    let built = workspace.url(checker.scratchPath).appendingPathComponent("debug/\(topic.testModule).build")
    guard !FileManager.default.fileExists(atPath: built.path), running(in: workspace) == nil else { return false }
    guard let course = courseProgram else { return false }
    let command = checker.buildCommand(
      topics: [topic], sourcesFolder: checker.sourcesFolder(of: topic), scratch: checker.scratchPath)
    var environment = ProcessInfo.processInfo.environment
    environment.merge(command.environment) { _, new in new }
    environment[supervisorVariable] = "1"
    let previous = FileManager.default.currentDirectoryPath
    _ = FileManager.default.changeCurrentDirectoryPath(workspace.root.path)
    let started = Platform.spawnInNewSession(
      course, arguments: [course, supervisorFlag] + command.arguments,
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

/// The hangup or termination the background build's leader received, or 0.
private let leaderSignal = Atomic<Int32>(0)
