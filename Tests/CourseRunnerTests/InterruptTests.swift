import Foundation
import Platform
import Testing

@testable import course

/// Ctrl-C while a check runs: `course` ends the session it started, then exits.
@Suite("course check: Ctrl-C leaves no process behind")
struct InterruptTests {
  /// The argument that names the processes the interrupted run starts, so the test can look for them:
  /// seconds, short enough that a stray holding the exit test's pipe open ends by itself.
  static let marker = "20.5"

  @Test("Ctrl-C while a program runs ends its whole session, and course exits with 128 + SIGINT")
  func interruptEndsTheSession() async {
    // In a child process: Ctrl-C must reach a process that is running `course`'s wait loop.
    await #expect(processExitsWith: .exitCode(128 + SIGINT)) {
      // The child inherits a thread that blocks every signal (Dispatch's threads do); a terminal's
      // Ctrl-C reaches `course` on a thread that does not, so the wait runs on one that does not.
      let waiting = Thread {
        Platform.unblockOnThisThread(SIGINT)
        // A program that starts two more, one in the background, and would outlive us all.
        _ = try? Subprocess(
          arguments: ["sh", "-c", "sleep \(InterruptTests.marker) & sleep \(InterruptTests.marker); wait"],
          directory: URL(fileURLWithPath: "/tmp"), timeLimit: 60
        ).run()
        exit(EXIT_FAILURE)  // not reached: Ctrl-C ends the run and `course` with it
      }
      waiting.start()
      // Ctrl-C, once the program has started its children.
      for _ in 0..<1000 {
        if InterruptTests.sleepers().count >= 2 { break }
        try? await Task.sleep(for: .milliseconds(10))
      }
      Platform.send(SIGINT, to: Platform.processID)
      try? await Task.sleep(for: .seconds(30))
      exit(EXIT_FAILURE)  // not reached either
    }
    // The session's processes were killed before `course` exited; the kernel reaps them at once.
    for _ in 0..<500 {
      if Self.sleepers().isEmpty { break }
      try? await Task.sleep(for: .milliseconds(10))
    }
    #expect(Self.sleepers().isEmpty, "Processes outlived Ctrl-C: \(Self.sleepers())")
  }

  /// The pids of the `sleep` processes that the interrupted run started.
  static func sleepers() -> [String] {
    ProcessTable.all().filter { $0.command == "sleep \(marker)" }.map { String($0.pid) }
  }

}
