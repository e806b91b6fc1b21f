import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Locking
import MainActorDelegates
import Testing

@Suite("5.6 Many callers, one answer", .exercise("5.6"))
struct Ex5_6_ManyCallersTests {
  // Each scenario runs in a child process: a continuation resumed twice traps, and would take every
  // other result down with it. The test plays the user, so nothing here waits on a clock: the center
  // answers when the scenario says so, on the main actor, as the system's delegate call would.

  @Test("One caller gets the user's answer, from the delegate method, proved in a child process")
  func oneCaller() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) { try await Self.oneCaller() }
      }
    }
    Self.report(
      child,
      ifNeverResumed:
        "The center answered, but requestAccess() never returned: store the caller's continuation, and resume it from permissionCenter(_:didAnswer:). [never-resumes]",
      ifResumedTwice:
        "One caller, one answer, and the continuation was resumed twice: resume each continuation once. [double-resume]"
    )
  }

  @Test("Two callers while the prompt is showing: the one answer reaches both, proved in a child process")
  func twoCallers() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) { try await Self.twoCallers() }
      }
    }
    Self.report(
      child,
      ifNeverResumed:
        "Two calls overlapped and the center answered once, but a caller never heard back: a second call overwrote the stored continuation, or only one caller was resumed. Keep every waiting caller's continuation, and resume each with the one answer. [one-continuation] [one-per-answer]",
      ifResumedTwice:
        "Two callers, one answer, and a continuation was resumed twice: resume each waiting continuation once. [double-resume]"
    )
  }

  @Test("A request after an answer asks again, and gets the next answer, proved in a child process")
  func askAgain() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) { try await Self.askAgain() }
      }
    }
    Self.report(
      child,
      ifNeverResumed:
        "After one answer, a second request never returned when the center answered again: every request waits for the answer to its own prompt. [cached-answer]",
      ifResumedTwice:
        "The second answer resumed the first caller again, and the runtime trapped: empty the list of waiting continuations before you resume them. [never-emptied]"
    )
  }

  @Test("An answer nobody here waited for is kept for no one: the next request asks, proved in a child process")
  func strayAnswer() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) { try await Self.strayAnswer() }
      }
    }
    Self.report(
      child,
      ifNeverResumed:
        "After an answer nobody here waited for, a request never returned when the center answered its own prompt: every request waits for the answer to its own prompt, which \"One caller gets the user's answer\" or \"A request after an answer asks again\" explains. [cached-answer]",
      ifResumedTwice:
        "After an answer nobody here waited for, a request was resumed twice: resume each waiting continuation once. [double-resume]"
    )
  }

  // MARK: The scenarios, in the child

  /// A requester over a fresh center, and the center.
  @MainActor static func requester() -> (PermissionRequester, PermissionCenter) {
    let center = PermissionCenter()
    return (PermissionRequester(center: center), center)
  }

  /// Lets every task already started on the main actor run up to its first suspension.
  @MainActor static func letStartedTasksRun() async {
    for _ in 0..<10 { await Task.yield() }
  }

  /// Waits until the center has been asked `count` times in all.
  @MainActor static func waitForRequests(_ count: Int, _ center: PermissionCenter, _ failure: String) async throws {
    guard await eventually({ await center.requests >= count }) else { throw ResumeProbe.ProbeFailure(failure) }
  }

  @MainActor static func oneCaller() async throws {
    let (requester, center) = requester()
    let call = Task { await requester.requestAccess() }
    try await waitForRequests(
      1, center, "requestAccess() never asked the center: call `center.requestAccess()`. [never-asks-center]")
    center.answer(.granted)
    let answer = await call.value
    guard answer == .granted else {
      throw ResumeProbe.ProbeFailure(
        "The user granted access, but requestAccess() returned \(answer): return the answer the delegate method hears. [returns-other-answer]"
      )
    }
  }

  @MainActor static func twoCallers() async throws {
    let (requester, center) = requester()
    let first = Task { await requester.requestAccess() }
    try await waitForRequests(
      1, center, "requestAccess() never asked the center: call `center.requestAccess()`. [never-asks-center]")
    let second = Task { await requester.requestAccess() }
    await letStartedTasksRun()
    guard center.isPrompting else {
      throw ResumeProbe.ProbeFailure(
        "The prompt was no longer showing before the user answered: the second call must not answer for the user. [busy-denied]"
      )
    }
    center.answer(.granted)
    let answers = (await first.value, await second.value)
    guard answers == (.granted, .granted) else {
      throw ResumeProbe.ProbeFailure(
        "The user granted access once, for two overlapping calls, and they returned \(answers.0) and \(answers.1): every caller waits for the user's answer, and gets it, even one that asked while the prompt was showing. [busy-denied]"
      )
    }
    // However many callers come while the prompt shows: forty.
    let (many, manyCenter) = Self.requester()
    let callers = (0..<40).map { _ in Task { await many.requestAccess() } }
    try await waitForRequests(
      1, manyCenter, "requestAccess() never asked the center: call `center.requestAccess()`. [never-asks-center]")
    await letStartedTasksRun()
    manyCenter.answer(.granted)
    var returned: [Permission] = []
    for caller in callers { returned.append(await caller.value) }
    let granted = returned.filter { $0 == .granted }.count
    guard granted == callers.count else {
      throw ResumeProbe.ProbeFailure(
        "Forty calls overlapped, and the user granted access once, and \(callers.count - granted) of them returned something else: every caller waits for the user's answer, and gets it, however many ask while the prompt is showing. [busy-denied]"
      )
    }
  }

  /// Another part of the app shows the prompt, and the user answers it while no caller waits; then
  /// a caller asks.
  @MainActor static func strayAnswer() async throws {
    let (requester, center) = requester()
    center.requestAccess()
    center.answer(.denied)
    // The user will answer the caller's prompt once it is showing.
    let user = Task {
      if await eventually({ await center.requests >= 2 }) { center.answer(.granted) }
    }
    let answer = await requester.requestAccess()
    user.cancel()
    guard center.requests >= 2, answer == .granted else {
      throw ResumeProbe.ProbeFailure(
        "The user denied a prompt that another part of the app showed, while no caller waited; then requestAccess() \(center.requests >= 2 ? "asked the center, the user granted, and it" : "did not ask the center, and") returned \(answer): an answer nobody waited for is kept for no one, and a new request asks, and returns the answer to its own prompt, which \"A request after an answer asks again\" explains. [cached-answer]"
      )
    }
  }

  @MainActor static func askAgain() async throws {
    let (requester, center) = requester()
    let first = Task { await requester.requestAccess() }
    try await waitForRequests(
      1, center, "requestAccess() never asked the center: call `center.requestAccess()`. [never-asks-center]")
    // The user will answer the second prompt once it is showing.
    let user = Task {
      if await eventually({ await center.requests >= 2 }) { center.answer(.granted) }
    }
    center.answer(.denied)
    // Asked at once, in the same turn as the answer: this request must wait for a prompt of its own.
    let second = await requester.requestAccess()
    let firstAnswer = await first.value
    user.cancel()
    guard firstAnswer == .denied else {
      throw ResumeProbe.ProbeFailure(
        "The user denied access, and requestAccess() returned \(firstAnswer): return the answer the delegate method hears. [returns-other-answer]"
      )
    }
    guard center.requests >= 2 else {
      throw ResumeProbe.ProbeFailure(
        "After the user answered, a new requestAccess() did not ask the center again: an answer is not a cache, and a new request shows a new prompt. [cached-answer]"
      )
    }
    guard second == .granted else {
      throw ResumeProbe.ProbeFailure(
        "The user denied, then granted, and the request made right after the denial returned \(second): a new request returns the answer to its own prompt, so resume the waiting callers in the delegate method itself, before anyone can ask again. [resume-in-task]"
      )
    }
  }

  // MARK: Reporting

  /// Records the child's fate: the lesson's sentence when it never resumed or resumed twice, the
  /// kit's words (the runtime's included) in brackets; otherwise what the kit says, if anything.
  static func report(
    _ child: ExitTest.Result?, ifNeverResumed: String, ifResumedTwice: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let verdict = ResumeProbe.verdict(of: child)
    let what = "requestAccess()"
    let sentence: String? =
      switch verdict {
      case .leaked, .neverResumed: ifNeverResumed
      case .resumedTwice: ifResumedTwice
      default: nil
      }
    guard let sentence, let words = ResumeProbe.explain(verdict, what) else {
      ResumeProbe.expectExactlyOnce(child, what, sourceLocation: sourceLocation)
      return
    }
    Issue.record(Comment(rawValue: AntiPattern.adding("(\(words))", to: sentence)), sourceLocation: sourceLocation)
  }

  @Test(
    "Three callers and the user's answers, in every order: each caller gets the first answer after it asked, exactly once"
  )
  func everyOrderOfCallersAndAnswers() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex5_6_Orders.threeCallers)
      }
    }
    Interleavings.expectEveryOrderHolds(child, "Three callers and the user's answers")
  }

  @Test(
    "A caller cancelled at any point while it waits, beside another, in every order: each caller's continuation is resumed exactly once, and none waits forever"
  )
  func everyOrderWithACancelledCaller() async {
    // Callers that nobody cancels are the other every-order test's: when it finds a mistake, a cancel
    // is not its cause, and this test is silent.
    let plain = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex5_6_Orders.threeCallers)
      }
    }
    guard Interleavings.ordersTried(plain) != nil else {
      // A stub is still a stub here: said in the kit's words, as every test of the exercise says it.
      if case .notStarted = ResumeProbe.verdict(of: plain) {
        Interleavings.expectEveryOrderHolds(plain, "A cancelled caller beside another, and the user's answers")
      }
      return
    }
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        Interleavings.explore(Ex5_6_Orders.aCancelledCaller)
      }
    }
    // A second resume traps the child: said here with the rule it breaks, the runtime's words in brackets.
    let verdict = ResumeProbe.verdict(of: child)
    guard case .resumedTwice = verdict, let words = ResumeProbe.explain(verdict, "requestAccess()") else {
      Interleavings.expectEveryOrderHolds(child, "A cancelled caller beside another, and the user's answers")
      return
    }
    Issue.record(
      Comment(
        rawValue: AntiPattern.adding(
          "(\(words))",
          to:
            "A caller was cancelled while it waited, and a continuation was then resumed a second time, when the user answered: each caller's continuation is resumed exactly once, a cancelled caller's too, so a cancel that answers its caller takes that continuation off the list of those waiting, or leaves it there for the user's answer. [double-resume]"
        )))
  }
}

/// The scenarios of 5.6's every-order tests: callers and the user's answers, in every order.
enum Ex5_6_Orders {
  /// The center and the requester, on the main actor; the explorer's thread reaches them through it.
  final class Screen: @unchecked Sendable {
    let center: PermissionCenter
    let requester: PermissionRequester

    init() {
      (center, requester) = DispatchQueue.main.sync {
        MainActor.assumeIsolated {
          let center = PermissionCenter()
          return (center, PermissionRequester(center: center))
        }
      }
    }

    var isPrompting: Bool { DispatchQueue.main.sync { center.isPrompting } }

    func answer(_ permission: Permission) { DispatchQueue.main.sync { center.answer(permission) } }
  }

  /// Three callers of `requestAccess()`, in that order, each at any point after the one before; the
  /// user answers each prompt that shows, granted, then denied, then granted again. Each caller gets
  /// the first answer given after it asked.
  static func threeCallers() -> Interleavings.World {
    let screen = Screen()
    let answers: [Permission] = [.granted, .denied, .granted]
    // The scenario's clock: when each caller asked, and when each answer was given.
    let events = Locked((now: 0, asked: [Int: Int](), given: [(at: Int, permission: Permission)]()))
    let got = Locked<[Int: Permission]>([:])
    let ordinals = ["first", "second", "third"]
    return Interleavings.World(
      callers: ordinals.indices.map { index in
        Interleavings.Caller("the \(ordinals[index]) caller") {
          events.withLock {
            $0.now += 1
            $0.asked[index] = $0.now
          }
          let permission = await screen.requester.requestAccess()
          got.withLock { $0[index] = permission }
        }
      },
      dependencies: [
        Interleavings.Dependency(
          waiting: { screen.isPrompting ? [0] : [] },
          answer: { _ in
            let permission = events.withLock { events -> Permission in
              events.now += 1
              let permission = answers[min(events.given.count, answers.count - 1)]
              events.given.append((events.now, permission))
              return permission
            }
            screen.answer(permission)
            return "the user answered the prompt: \(permission)"
          })
      ],
      check: {
        let received = got.withLock { $0 }
        let clock = events.withLock { $0 }
        for index in ordinals.indices {
          guard let asked = clock.asked[index] else { continue }
          guard let permission = received[index] else {
            return
              "the \(ordinals[index]) caller never returned\(clock.given.contains { $0.at > asked } ? ", though the user answered after it asked" : ""): every caller waiting when the answer comes gets it, which \"One caller gets the user's answer\" or \"Two callers while the prompt is showing\" or \"A request after an answer asks again\" explains. [one-continuation] [one-per-answer]"
          }
          let due = clock.given.first { $0.at > asked }?.permission
          if permission != due {
            return
              "the \(ordinals[index]) caller got \(permission), and the first answer after it asked was \(due.map { "\($0)" } ?? "none"): each caller gets the answer to the prompt it waited for, which \"One caller gets the user's answer\" or \"Two callers while the prompt is showing\" or \"A request after an answer asks again\" explains. [cached-answer] [returns-other-answer]"
          }
        }
        return nil
      })
  }

  /// Two callers of `requestAccess()`, in that order, each at any point after the one before, the
  /// first of them cancelled at any point while it waits; the user answers each prompt that shows,
  /// granted, then denied. Every caller returns, once (a second resume traps); one that was not
  /// cancelled gets the first answer given after it asked. What a cancelled caller hears, the
  /// user's answer or one of its own, the header leaves open.
  static func aCancelledCaller() -> Interleavings.World {
    let screen = Screen()
    let answers: [Permission] = [.granted, .denied]
    let events = Locked((now: 0, asked: [Int: Int](), given: [(at: Int, permission: Permission)]()))
    let got = Locked<[Int: Permission]>([:])
    let cancelled = Locked<Set<Int>>([])
    let names = ["the first caller", "the second caller"]
    return Interleavings.World(
      callers: names.indices.map { index in
        Interleavings.Caller(names[index], cancellable: index == 0) {
          events.withLock {
            $0.now += 1
            $0.asked[index] = $0.now
          }
          let permission = await screen.requester.requestAccess()
          got.withLock { $0[index] = permission }
          if Task.isCancelled { cancelled.withLock { _ = $0.insert(index) } }
        }
      },
      dependencies: [
        Interleavings.Dependency(
          waiting: { screen.isPrompting ? [0] : [] },
          answer: { _ in
            let permission = events.withLock { events -> Permission in
              events.now += 1
              let permission = answers[min(events.given.count, answers.count - 1)]
              events.given.append((events.now, permission))
              return permission
            }
            screen.answer(permission)
            return "the user answered the prompt: \(permission)"
          })
      ],
      check: {
        let received = got.withLock { $0 }
        let clock = events.withLock { $0 }
        let wasCancelled = cancelled.withLock { $0 }
        for index in names.indices {
          guard let asked = clock.asked[index] else { continue }
          guard let permission = received[index] else {
            return
              "\(names[index]) never returned\(clock.given.contains { $0.at > asked } ? ", though the user answered after it asked" : ""): every caller gets an answer, a cancelled one too, and none waits forever, which \"One caller gets the user's answer\" or \"Two callers while the prompt is showing\" explains. [one-continuation] [one-per-answer]"
          }
          guard !wasCancelled.contains(index) else { continue }
          let due = clock.given.first { $0.at > asked }?.permission
          if permission != due {
            return
              "\(names[index]) got \(permission), and the first answer after it asked was \(due.map { "\($0)" } ?? "none"): a caller that was not cancelled gets the answer to the prompt it waited for, whatever another caller's cancel did, which \"One caller gets the user's answer\" or \"Two callers while the prompt is showing\" explains. [cached-answer] [returns-other-answer]"
          }
        }
        return nil
      })
  }
}
