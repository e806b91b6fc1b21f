import CourseKit
import Dispatch
import Foundation
import LegacyKit
import Locking
import Testing

/// The deadline under starvation: each test starves the process on purpose, in the way a busy
/// laptop or the thread sanitizer does, and checks that slow is never read as hung, while a real
/// hang is still reported.
@Suite("HangCheck: a deadline means the code hangs, not that the machine is busy", .serialized)
struct HangCheckTests {
  @Test("An operation that waits behind a saturated cooperative pool is not reported as a hang")
  func saturatedPoolIsNotAHang() async throws {
    // Every pool thread spins for longer than the deadline; the operation needs one of them to finish.
    let spin = 1.5
    let spinners = (0..<ProcessInfo.processInfo.activeProcessorCount * 2).map { _ in
      Task.detached { Self.burn(seconds: spin) }
    }
    let value = try await withDeadline(seconds: 0.2, "an operation behind a busy pool") {
      await Task.detached { 42 }.value
    }
    #expect(value == 42)
    for spinner in spinners { await spinner.value }
  }

  @Test("An operation that needs a main queue held busy is not reported as a hang")
  func busyMainQueueIsNotAHang() async throws {
    DispatchQueue.main.async { Self.burn(seconds: 1.2) }
    let value = try await withDeadline(seconds: 0.2, "an operation that needs the main actor") {
      await MainActor.run { 7 }
    }
    #expect(value == 7)
  }

  @Test("An operation that progresses slowly, a short burst at a time, is not reported as a hang")
  func slowProgressIsNotAHang() async throws {
    // Every queue stays prompt (no burst is longer than a marker may wait), yet the operation
    // needs twice its deadline: only the process's CPU time shows it is still at work.
    let value = try await withDeadline(seconds: 0.2, "an operation that works in short bursts") {
      for _ in 0..<10 { await MainActor.run { Self.burn(seconds: 0.04) } }
      return 10
    }
    #expect(value == 10)
  }

  @Test("A legacy reply scripted to arrive after the deadline is waited for, not reported as a hang")
  func lateReplyIsNotAHang() async throws {
    let auth = AuthService()
    auth.script(.succeed(Session(token: "late", user: "u")).after(0.6))
    let token = try await withDeadline(seconds: 0.2, "a late legacy reply") {
      try await withCheckedThrowingContinuation { continuation in
        auth.login(user: "u", password: "p") { session, error in
          continuation.resume(with: session.map { .success($0.token) } ?? .failure(error ?? CancellationError()))
        }
      }
    }
    #expect(token == "late")
  }

  @Test("A condition that turns true on a busy main queue is waited for by eventually")
  func eventuallyWaitsForABusyMachine() async {
    let flag = Flag()
    DispatchQueue.main.async { Self.burn(seconds: 1.2) }
    DispatchQueue.main.async { flag.set() }
    #expect(await eventually(within: 0.2) { flag.isSet })
  }

  @Test("A condition that never returns ends eventually with false, instead of holding the test")
  func eventuallyEndsAStuckCondition() async {
    let polls = Locked(0)
    let held = await eventually(within: 0.2) {
      polls.withLock { $0 += 1 }
      return await withCheckedContinuation { continuation in Vault.keep(continuation) } == 1
    }
    #expect(!held, "a condition stuck on a continuation nobody resumes did not hold")
    #expect(polls.withLock { $0 } == 1, "and was asked once: the wait never went past it")
  }

  // The next two time how soon a hang is reported, so they run in a child process of their own: in
  // this one, the other suites' work is work still running, which a check rightly waits for.

  @Test("A continuation that is never resumed is still reported while the pool spins, before the hard limit")
  func hangIsReportedWhileThePoolIsBusy() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        // One thread of the pool spins: work still running may be what the operation waits for, so
        // the check waits for it, but a learner's loop elsewhere never hides a hang past the hard limit.
        let spinner = Task.detached { HangCheckTests.burn(seconds: 3) }
        let start = ContinuousClock.now
        let reported = await HangCheckTests.hangs("the stuck adapter")
        let soon = ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2))
        await spinner.value
        exit(reported && soon ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  @Test("Two hangs checked at the same time are both reported, well before the hard limit")
  func concurrentHangsAreBothReported() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        // Each check polls the process; neither may read the other's polling as work still running.
        let start = ContinuousClock.now
        async let first = HangCheckTests.hangs("the first stuck adapter")
        async let second = HangCheckTests.hangs("the second stuck adapter")
        let both = await (first, second)
        let soon = ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2) / 2)
        exit(both == (true, true) && soon ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  @Test("A legacy callback blocked for good is no answer on its way: the hang behind it is reported soon")
  func blockedCallbackIsAHang() async {
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        exit(await HangCheckTests.hangsInABlockedCallback() ? EXIT_SUCCESS : EXIT_FAILURE)
      }
    }
  }

  /// Whether an operation whose legacy callback never returns is reported as a hang, well before the hard limit.
  static func hangsInABlockedCallback() async -> Bool {
    let auth = AuthService()
    auth.script(Script.succeed(Session(token: "t", user: "u")).fromBackground)
    let start = ContinuousClock.now
    do {
      try await withDeadline(seconds: 0.2, "a login whose callback blocks") {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          auth.login(user: "u", password: "p") { _, _ in
            DispatchSemaphore(value: 0).wait()  // the callback never returns, so it never resumes
            continuation.resume()
          }
        }
      }
      return false
    } catch {
      return ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2) / 2)
    }
  }

  /// Whether an operation stuck on a continuation nobody resumes is reported as a hang.
  static func hangs(_ what: String) async -> Bool {
    do {
      _ = try await withDeadline(seconds: 0.2, what) {
        await withCheckedContinuation { continuation in Vault.keep(continuation) }
      }
      return false
    } catch {
      return error is DeadlineExceeded
    }
  }

  @Test("A deadlocked main queue is reported as a hang, not waited on until the hard limit")
  func deadlockedMainQueueIsAHang() async {
    let result = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .exitCode(EXIT_SUCCESS)) {
        // The main queue waits for a semaphore nobody signals: stuck, not busy.
        DispatchQueue.main.async { DispatchSemaphore(value: 0).wait() }
        let start = ContinuousClock.now
        do {
          _ = try await withDeadline(seconds: 0.2, "an operation on a deadlocked main actor") {
            await MainActor.run { 1 }
          }
          exit(1)
        } catch {
          // Reported well before the hard limit: the process was idle, so nothing was still on its way.
          exit(ContinuousClock.now - start < .seconds(HangCheck.hardLimit(for: 0.2) / 2) ? EXIT_SUCCESS : 2)
        }
      }
    }
    #expect(result != nil)
  }

  /// Keeps the calling thread's CPU busy for `seconds`.
  static func burn(seconds: Double) {
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    var counter = 0
    while DispatchTime.now().uptimeNanoseconds < end { counter &+= 1 }
    _ = counter
  }
}

/// A flag set on one thread and read on another.
final class Flag: Sendable {
  private let value = Locked(false)
  func set() { value.withLock { $0 = true } }
  var isSet: Bool { value.withLock { $0 } }
}
