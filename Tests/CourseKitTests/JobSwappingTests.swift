import CourseKit
import Dispatch
import Foundation
import Locking
import Testing

/// Swapping uses the freedom the language leaves the pool: it reorders tasks that start there,
/// and nothing else. Each test runs in a child process, because swapping is process-wide.
@Suite("JobSwapping: tasks on the pool start out of order, on demand")
struct JobSwappingTests {
  @Test("With swapping on, a task per callback overtakes; a main-actor task per callback keeps its order")
  func swapsPoolTasksOnly() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        guard JobSwapping.isAvailable else { exit(3) }
        let pool = await JobSwappingTests.inversions { take in Task { await take() } }
        let main = await JobSwappingTests.inversions { take in Task { @MainActor in take() } }
        exit(pool > 100 && main == 0 ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  @Test("With swapping off again, a lone task still starts: nothing is held back")
  func loneTaskRuns() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        // While swapping is on, a job with no partner is handed on after a moment, alone.
        let value = await JobSwapping.during { await Task.detached { 42 }.value }
        // After it, jobs go straight to the pool.
        let after = await Task.detached { 7 }.value
        exit(value == 42 && after == 7 ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  @Test("poolJobs counts the tasks a call started on the pool, not main-actor tasks, and runs them afterwards")
  func countsPoolJobs() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        guard JobSwapping.isAvailable else { exit(3) }
        let ran = Locked(0)
        let none = JobSwapping.poolJobs {}
        let two = JobSwapping.poolJobs {
          for _ in 0..<2 { Task { ran.withLock { $0 += 1 } } }
        }
        let onMain = JobSwapping.poolJobs { Task { @MainActor in ran.withLock { $0 += 1 } } }
        let allRan = await eventually { ran.withLock { $0 } == 3 }
        exit(none == 0 && two == 2 && onMain == 0 && allRan ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  /// How often one of 500 callbacks, each forwarded by `forward` to the main actor from one
  /// background queue, arrived after a later one, with swapping on.
  static func inversions(
    _ forward: @escaping @Sendable (_ take: @escaping @MainActor @Sendable () -> Void) -> Void
  ) async -> Int {
    let order = Locked<[Int]>([])
    await JobSwapping.during {
      DispatchQueue(label: "callbacks").async {
        for index in 0..<500 { forward { order.withLock { $0.append(index) } } }
      }
      while order.withLock({ $0.count }) < 500 { try? await Task.sleep(for: .milliseconds(5)) }
    }
    let seen = order.withLock { $0 }
    return zip(seen, seen.dropFirst()).filter { $0 > $1 }.count
  }
}
