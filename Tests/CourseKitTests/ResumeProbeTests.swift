import CourseCatalog
import CourseKit
import Foundation
import Testing

@Suite("ResumeProbe: a double resume and a missing resume are caught in a child process")
struct ResumeProbeTests {
  @Test("An adapter that resumes once passes")
  func exactlyOncePasses() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { _ = await BrokenAdapters.resumesOnce() }
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .exactlyOnce)
  }

  @Test("An adapter that resumes once by throwing passes")
  func throwingOncePasses() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { _ = try await BrokenAdapters.throwsOnce() }
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .exactlyOnce)
  }

  @Test("A double resume is reported with the runtime's own message")
  func doubleResumeIsCaught() async throws {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { _ = await BrokenAdapters.resumesTwice() }
      }
    }
    guard case .resumedTwice(let message) = ResumeProbe.verdict(of: child) else {
      Issue.record("expected a double resume, got \(ResumeProbe.verdict(of: child))")
      return
    }
    #expect(message.contains("SWIFT TASK CONTINUATION MISUSE"))
    let sentence = try #require(ResumeProbe.explain(.resumedTwice(message), "The adapter"))
    #expect(sentence.contains("exactly once") && sentence.contains(message))
  }

  @Test("A second reply that arrives after the awaiting code finished is still caught")
  func lateSecondResumeIsCaught() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { _ = await BrokenAdapters.resumesOnEveryReply() }
      }
    }
    guard case .resumedTwice = ResumeProbe.verdict(of: child) else {
      Issue.record("the late second resume raced the child's exit: got \(ResumeProbe.verdict(of: child))")
      return
    }
  }

  @Test("A dropped continuation is reported as leaked, with the runtime's message")
  func leakIsCaught() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(
        processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]
      ) {
        await ResumeProbe.run { _ = await BrokenAdapters.leaks() }
      }
    }
    guard case .leaked(let message) = ResumeProbe.verdict(of: child) else {
      Issue.record("expected a leaked continuation, got \(ResumeProbe.verdict(of: child))")
      return
    }
    #expect(message.contains("leaked its continuation"))
  }

  @Test("A continuation held forever is reported as never resumed, long before a minute-long time limit")
  func silentHangIsCaught() async {
    let (child, took) = await ChildProcessSlots.shared.run {
      // Timed from when the child's turn comes: the children before it are not its time.
      let start = ContinuousClock.now
      let child = await #expect(
        processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]
      ) {
        await ResumeProbe.run { _ = await BrokenAdapters.neverResumes() }
      }
      return (child, ContinuousClock.now - start)
    }
    #expect(ResumeProbe.verdict(of: child) == .neverResumed)
    // About a second on an idle machine; the bound leaves room for a loaded one (every suite of the
    // package at once, on two cores), and still proves the hang did not wait for `.timeLimit`.
    #expect(took < .seconds(Deadline.scaled(30)))
  }

  @Test("A wrong result found in the child comes back as a sentence")
  func wrongResultIsReported() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let value = await BrokenAdapters.resumesOnce()
          if value != 2 { throw ResumeProbe.ProbeFailure("expected 2, got \(value)") }
        }
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .wrongResult("expected 2, got 1"))
  }

  @Test("A stub reached in the child is reported as not started, not as a resume")
  func stubInChildIsNotStarted() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { throw NotStarted("0.9") }
      }
    }
    #expect(ResumeProbe.verdict(of: child) == .notStarted("0.9"))
  }

  @Test("A child that exits on its own terms, without the probe, is reported as crashed, not as exactly once")
  func plainExitIsNotExactlyOnce() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await Task.yield()
        exit(7)
      }
    }
    guard case .crashed = ResumeProbe.verdict(of: child) else {
      Issue.record("expected a crash verdict, got \(ResumeProbe.verdict(of: child))")
      return
    }
  }

  @Test("Each verdict but exactly-once explains itself in a sentence that names the adapter")
  func verdictsExplainThemselves() {
    #expect(ResumeProbe.explain(.exactlyOnce, "X") == nil)
    for verdict: ResumeProbe.Verdict in [
      .resumedTwice("m"), .leaked("m"), .neverResumed, .wrongResult("w"), .notStarted("0.9"), .crashed("s"),
      .noResult,
    ] {
      #expect(ResumeProbe.explain(verdict, "The adapter")?.hasPrefix("The adapter") == true)
    }
  }
}
