import CourseCatalog
import Foundation
import Testing

@testable import course

/// What a run's output says, however the programs in it interleaved their writes.
@Suite("course check: a run's output is read whole, even with a broken character in it")
struct SubprocessOutputTests {
  /// `swift test` writes its own line about a crash while it still forwards the test process's
  /// output, so the line can land inside a character of that output (CI once saw a crash the
  /// runtime had explained reported as one it had not).
  @Test("A character cut in two by another writer's line does not hide the runtime's words")
  func brokenCharacterKeepsTheRest() throws {
    // The first two bytes of an en dash (E2 80 93), then another writer's line, then the runtime's words.
    let script = #"""
      printf '0x1\342\200error: Process exited with unexpected signal code 4\n\223 libTesting.so\n'
      printf 'Fatal error: SWIFT TASK CONTINUATION MISUSE: answer() tried to resume its continuation more than once, returning 43!\n'
      """#
    let outcome = try Subprocess(
      arguments: ["sh", "-c", script], directory: URL(fileURLWithPath: "/tmp"), timeLimit: 60
    ).run()
    #expect(outcome.exitCode == 0)
    #expect(outcome.output.contains("error: Process exited with unexpected signal code 4"))
    #expect(outcome.output.contains("\u{FFFD}"), "the broken character is marked, not dropped silently")
    let words = RuntimeCrash.message(in: outcome.output)
    #expect(words?.contains("SWIFT TASK CONTINUATION MISUSE") == true, "\(words ?? "no words")")
    #expect(words?.contains("more than once") == true)
  }
}
