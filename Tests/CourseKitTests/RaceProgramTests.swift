import Foundation
import Testing

@testable import CourseKit

/// The race harness is compiled only when a race test needs it, so a harness that stopped building
/// would leave those tests silently without their plain-route verdict. These programs prove both of
/// its phases on a gate two threads pass, once each way of getting it wrong and once right.
@Suite("A race program names a race whatever the load, and a gate checked in two lock sections")
struct RaceProgramTests {
  /// The gate, its check and its close as the variant says, in a file that imports `Foundation` and
  /// any course module in `importing`.
  static func gate(_ pass: String, importing: String = "Foundation") -> String {
    """
    import Foundation
    import \(importing)

    final class Gate: @unchecked Sendable {
      let lock = NSLock()
      var open = true

      func pass() -> Bool {
        \(pass)
      }
    }
    """
  }

  /// Two threads pass one gate, under every order and schedule; both passing breaks the rule, and
  /// the program ends there, so that its last schedule is the one that broke it.
  static let driver = """
    import Foundation
    import Synchronization

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["the first caller", "the second caller"]) { runner in
          let gate = Gate()
          let passed = Atomic<Int>(0)
          let body: @Sendable () -> Void = { if gate.pass() { passed.add(1, ordering: .relaxed) } }
          runner.start([body, body])
          await runner.waitUntilFinished()
          if passed.load(ordering: .relaxed) > 1 {
            print("RACE BROKE: both callers passed")
            exit(1)
          }
        }
      }
    }
    """

  static func run(_ pass: String, importing: String = "Foundation") async throws -> RaceProgram.Outcome? {
    let folder = Swift6Build.temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let file = "\(folder)/Gate.swift"
    try gate(pass, importing: importing).write(toFile: file, atomically: true, encoding: .utf8)
    return await RaceProgram.run(file: file, driver: driver)
  }

  @Test("A gate read with no lock is named by the sanitizer, in order, one caller after the other")
  func unguardedRead() async throws {
    guard !DataRace.sanitizerIsRunning else { return }
    let outcome = try #require(
      await Self.run("guard open else { return false }\n lock.lock(); open = false; lock.unlock(); return true"))
    #expect(DataRace.report(inText: outcome.text) != nil, "No race named:\n\(outcome.text)")
  }

  @Test("A file that keeps the stub's `import CourseCatalog` builds, and its unguarded read is named")
  func keepsTheStubsImport() async throws {
    guard !DataRace.sanitizerIsRunning else { return }
    // Every stub imports CourseCatalog for `NotStarted`; a program that did not build with it left
    // a learner who kept the import with no race verdict on the plain route.
    let outcome = try #require(
      await Self.run(
        "guard open else { return false }\n lock.lock(); open = false; lock.unlock(); return true",
        importing: "CourseCatalog"))
    #expect(DataRace.report(inText: outcome.text) != nil, "No race named:\n\(outcome.text)")
  }

  @Test("A gate checked in one lock section and closed in another lets both callers through")
  func checkedThenClosedApart() async throws {
    guard !DataRace.sanitizerIsRunning else { return }
    let outcome = try #require(
      await Self.run(
        "lock.lock(); let wasOpen = open; lock.unlock()\n guard wasOpen else { return false }\n"
          + " lock.lock(); open = false; lock.unlock(); return true"))
    #expect(DataRace.report(inText: outcome.text) == nil, "A race named:\n\(outcome.text)")
    #expect(outcome.scheduled)
    #expect(outcome.broken == "both callers passed", "Not broken:\n\(outcome.text)")
    #expect(outcome.order.contains("the first caller took a lock"), "\(outcome.order)")
  }

  @Test("A gate checked and closed in one lock section passes every schedule")
  func checkedAndClosedTogether() async throws {
    guard !DataRace.sanitizerIsRunning else { return }
    let outcome = try #require(
      await Self.run(
        "lock.lock(); defer { lock.unlock() }\n guard open else { return false }\n open = false; return true"))
    #expect(DataRace.report(inText: outcome.text) == nil, "A race named:\n\(outcome.text)")
    #expect(outcome.broken == nil, "Broken:\n\(outcome.text)")
    #expect(outcome.status == 0)
    #expect((outcome.schedules ?? 0) >= 2, "\(outcome.text)")
  }
}
