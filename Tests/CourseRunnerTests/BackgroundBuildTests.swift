import Foundation
import Platform
import Testing

@testable import course

@Suite("The overview's background build")
struct BackgroundBuildTests {
  @Test("Never started for a CI run, or when turned off")
  func notWanted() {
    #expect(!BackgroundBuild.isWanted(environment: ["CI": "true"]))
    #expect(!BackgroundBuild.isWanted(environment: ["COURSE_NO_BACKGROUND_BUILD": "1"]))
  }

  @Test("A check stops it: every process of its session ends, and its record goes")
  func stopEndsTheSession() throws {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("background-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let workspace = Workspace(root: root)
    // A leader that outlives an interrupt (as a build busy saving its state might) and a process it started.
    let started = Platform.spawnInNewSession(
      "/bin/sh", arguments: ["sh", "-c", "trap '' INT; sleep 60 & wait"], environment: ["PATH=/bin:/usr/bin"],
      outputPath: "/dev/null")
    guard case .success(let session) = started else {
      Issue.record("Could not start the stand-in build: \(started)")
      return
    }
    var members: [pid_t] = []
    for _ in 0..<500 where members.count < 2 {
      members = Platform.processes(inSession: session) ?? []
      Thread.sleep(forTimeInterval: 0.01)
    }
    try #require(members.count >= 2, "the stand-in build and its sleep both run in its session")
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
