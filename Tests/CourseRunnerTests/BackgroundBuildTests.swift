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

  @Test("A build killed by hand takes its compilers with it: the shell that leads its session ends the rest")
  func killedBuildLeavesNothing() throws {
    // A stand-in build (a shell) with a stand-in compiler (a sleep), under the background build's own leader.
    let started = Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", BackgroundBuild.supervisor, "sh", "/bin/sh", "-c", "sleep 60 & wait"],
      environment: ["PATH=/bin:/usr/bin"], outputPath: "/dev/null")
    guard case .success(let session) = started else {
      Issue.record("Could not start the stand-in build: \(started)")
      return
    }
    let members = Self.members(of: session, atLeast: 3)
    try #require(members.count >= 3, "the leader, the stand-in build and its compiler all run in one session")
    // The stand-in build is the leader's child, started before the compiler it starts: the lower of the
    // two process ids. Kill the build alone, by hand.
    let build = try #require(members.filter { $0 != session }.min())
    Platform.send(SIGKILL, to: build)
    #expect(Platform.exit(of: session, waiting: true) == .killed(signal: SIGKILL), "the leader ended its group")
    var left: [pid_t] = [session]
    for _ in 0..<500 where !left.isEmpty {
      left = (Platform.processes(inSession: session) ?? []).filter { $0 != session }
      Thread.sleep(forTimeInterval: 0.01)
    }
    #expect(left.isEmpty, "processes of the stopped build still run: \(left)")
  }

  @Test("A check stops it: every process of its session ends, and its record goes")
  func stopEndsTheSession() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("background-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    // Under the background build's own leader, a build that outlives an interrupt (as one busy saving
    // its state might) and a process it started.
    let started = Platform.spawnInNewSession(
      "/bin/sh",
      arguments: ["sh", "-c", BackgroundBuild.supervisor, "sh", "/bin/sh", "-c", "trap '' INT; sleep 60 & wait"],
      environment: ["PATH=/bin:/usr/bin"], outputPath: "/dev/null")
    guard case .success(let session) = started else {
      Issue.record("Could not start the stand-in build: \(started)")
      return
    }
    let members = Self.members(of: session, atLeast: 3)
    try #require(members.count >= 3, "the leader, the stand-in build and its sleep all run in its session")
    let record = root.appendingPathComponent(BackgroundBuild.recordPath)
    try FileManager.default.createDirectory(at: record.deletingLastPathComponent(), withIntermediateDirectories: true)
    try "\(session)\nPromiseChains\n".write(to: record, atomically: true, encoding: .utf8)
    #expect(BackgroundBuild.running(in: workspace) == session)

    BackgroundBuild.stop(in: workspace)

    // The leader is this test's child: its end is read here, and it was killed, not left running.
    #expect(Platform.exit(of: session, waiting: true) == .killed(signal: SIGKILL))
    #expect(!FileManager.default.fileExists(atPath: record.path), "the record goes with the build")
    #expect(BackgroundBuild.running(in: workspace) == nil)
  }
}
