import Foundation
import Testing

@testable import course

/// The watchdog that ends a run which stopped making progress, and the programs a test starts elsewhere.
@Suite("course check: a run that waits for a program a test started is not idle")
struct WatchdogTests {
  /// A session no process belongs to: nothing in it uses any CPU, so a quiet run there is idle.
  static let emptySession = pid_t(Int32.max - 1)

  @Test("A quiet run in which nothing runs is ended as idle")
  func quietRunIsIdle() {
    var watchdog = Subprocess.Watchdog(session: Self.emptySession, limits: (spinning: 5, idle: 5))
    let start = Date()
    var stall: Subprocess.Stall?
    for second in 0...10 where stall == nil {
      stall = watchdog.look(progress: 1, now: start.addingTimeInterval(Double(second)))
    }
    #expect(stall == .idle(seconds: 5))
  }

  @Test("While a program a test started in a session of its own runs, the run is making progress")
  func markedProgramIsProgress() {
    var watchdog = Subprocess.Watchdog(session: Self.emptySession, limits: (spinning: 5, idle: 5))
    let start = Date()
    for second in 0...60 {
      let stall = watchdog.look(progress: 1, helping: true, now: start.addingTimeInterval(Double(second)))
      #expect(stall == nil, "ended at \(second) s while a marked program ran")
      if stall != nil { return }
    }
    // Once the program has ended, the quiet counts from then.
    var stall: Subprocess.Stall?
    for second in 61...80 where stall == nil {
      stall = watchdog.look(progress: 1, now: start.addingTimeInterval(Double(second)))
    }
    #expect(stall == .idle(seconds: 5))
  }

  @Test("The folder's marks name sessions; anything else in it is not one")
  func marksAreSessions() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("watchdog-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(Subprocess.markedSessions(in: folder).isEmpty)
    #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("4242").path, contents: nil))
    #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent("notes.txt").path, contents: nil))
    #expect(Subprocess.markedSessions(in: folder) == [4242])
  }
}
