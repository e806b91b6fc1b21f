import Foundation
import Platform
import Testing

@testable import course

@Suite("The overview's background build")
struct BackgroundBuildTests {
  @Test("Never started for a CI run, or when turned off; started whether or not the output is a terminal")
  func notWanted() {
    #expect(!BackgroundBuild.isWanted(environment: ["CI": "true"]))
    #expect(!BackgroundBuild.isWanted(environment: ["COURSE_NO_BACKGROUND_BUILD": "1"]))
    #expect(BackgroundBuild.isWanted(environment: ["HOME": "/home/learner"]), "this test's output is no terminal")
  }

  /// The members of session `session`, once at least `count` of them run (up to five seconds).
  static func members(of session: pid_t, atLeast count: Int) -> [pid_t] {
    var members: [pid_t] = []
    for _ in 0..<500 where members.count < count {
      members = Platform.processes(inSession: session) ?? []
      Thread.sleep(forTimeInterval: 0.01)
    }
    return members
  }

  /// The `course` program built beside this test binary: it leads the background build's session.
  static let courseProgram: String? = {
    guard let image = Platform.imagePath(containing: #dsohandle) else { return nil }
    var folder = URL(fileURLWithPath: image).deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = folder.appendingPathComponent("course").path
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate, isDirectory: &isFolder), !isFolder.boolValue,
        FileManager.default.isExecutableFile(atPath: candidate)
      {
        return candidate
      }
      folder.deleteLastPathComponent()
    }
    return nil
  }()

  /// Starts `course` leading a stand-in build, `script` run by bash with job control on, so that each
  /// process it starts in the background (a stand-in compiler) gets a process group of its own, as
  /// SwiftPM gives its compilers. Returns the session, once the leader, the build and `count - 2`
  /// stand-in compilers all run.
  static func startStandIn(_ script: String, processes count: Int) throws -> pid_t {
    let course = try #require(courseProgram, "the course program is built beside the tests")
    try #require(FileManager.default.isExecutableFile(atPath: "/bin/bash"), "bash is here to stand in for SwiftPM")
    let started = Platform.spawnInNewSession(
      course, arguments: [course, BackgroundBuild.supervisorFlag, "/bin/bash", "-c", "set -m; " + script],
      environment: ["PATH=/bin:/usr/bin", "\(BackgroundBuild.supervisorVariable)=1"], outputPath: "/dev/null")
    guard case .success(let session) = started else { throw StandInFailed(what: "\(started)") }
    let members = members(of: session, atLeast: count)
    try #require(members.count >= count, "the leader, the stand-in build and its compilers all run in one session")
    return session
  }

  struct StandInFailed: Error {
    let what: String
  }

  /// The processes of `session` but its leader, once none is left (up to five seconds).
  static func left(in session: pid_t) -> [pid_t] {
    var left: [pid_t] = [session]
    for _ in 0..<500 where !left.isEmpty {
      left = (Platform.processes(inSession: session) ?? []).filter { $0 != session }
      Thread.sleep(forTimeInterval: 0.01)
    }
    return left
  }

  @Test("A build killed by hand takes its compilers with it, though each is in a process group of its own")
  func killedBuildLeavesNothing() throws {
    let session = try Self.startStandIn("sleep 60 & sleep 60 & wait", processes: 4)
    // The stand-in build is the leader's child, started before the compilers it starts: the lowest of
    // the process ids but the leader's. Kill the build alone, by hand.
    let build = try #require((Platform.processes(inSession: session) ?? []).filter { $0 != session }.min())
    Platform.send(SIGKILL, to: build)
    #expect(Platform.exit(of: session, waiting: true) == .exited(code: 0), "the leader ended the rest, then itself")
    let left = Self.left(in: session)
    #expect(left.isEmpty, "processes of the stopped build still run: \(left)")
  }

  @Test("Its leader terminated (a hangup, or a kill without -9) ends the build and its compilers")
  func terminatedLeaderLeavesNothing() throws {
    let session = try Self.startStandIn("sleep 60 & wait", processes: 3)
    Platform.send(SIGTERM, to: session)
    #expect(Platform.exit(of: session, waiting: true) == .exited(code: 0), "the leader ended the rest, then itself")
    let left = Self.left(in: session)
    #expect(left.isEmpty, "processes of the stopped build still run: \(left)")
  }

  @Test("A check stops it: every process of its session ends, and its record goes")
  func stopEndsTheSession() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("background-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    // A build that outlives an interrupt (as one busy saving its state might), and a compiler it started.
    let session = try Self.startStandIn("trap '' INT; sleep 60 & wait", processes: 3)
    let record = root.appendingPathComponent(BackgroundBuild.recordPath)
    try FileManager.default.createDirectory(at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "\(session)\nPromiseChains\n".write(to: record, atomically: true, encoding: .utf8)
    #expect(BackgroundBuild.running(in: workspace) == session)

    BackgroundBuild.stop(in: workspace)

    // The leader is this test's child: its end is read here, and it was killed, not left running.
    #expect(Platform.exit(of: session, waiting: true) == .killed(signal: SIGKILL))
    #expect(!FileManager.default.fileExists(atPath: record.path), "the record goes with the build")
    #expect(BackgroundBuild.running(in: workspace) == nil)
    #expect(Self.left(in: session).isEmpty)
  }

  @Test("A build that stops when interrupted is waited for by its leader, which then ends what is left")
  func interruptedBuildIsWaitedFor() throws {
    // The build stops on the interrupt; its compiler, in a group of its own, never sees it.
    let session = try Self.startStandIn("sleep 60 & wait", processes: 3)
    Platform.send(SIGINT, toGroup: session)
    #expect(Platform.exit(of: session, waiting: true) == .exited(code: 0), "the leader outlived the interrupt")
    let left = Self.left(in: session)
    #expect(left.isEmpty, "the compiler of the interrupted build still runs: \(left)")
  }
}
