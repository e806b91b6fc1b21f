import CourseKit
import Locking
import StrictConcurrency
import Testing
import VendorSDK

@Suite("8.4 An SDK callback that compiles, then crashes", .exercise("8.4"))
struct Ex8_4_VendorCallbackTests {
  @Test("Builds in the Swift 6 language mode with no warning and no escape hatch")
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.4")
  }

  @Test("When the SDK answers on its own queue, the screen shows its fix, on the main actor, once (in a child process)")
  func showsTheFix() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          try await Ex8_4_VendorCallbackTests.locate(reporting: LocationFix(latitude: 51.5, longitude: -0.1))
        }
      }
    }
    Self.explain(child, "a fix")
  }

  @Test("When the SDK reports an error on its own queue, the screen says it failed (in a child process)")
  func showsTheFailure() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          try await Ex8_4_VendorCallbackTests.locate(reporting: nil)
        }
      }
    }
    Self.explain(child, "an error", alsoIn: "When the SDK answers on its own queue")
  }

  @Test(
    "When the SDK answers a fix, an error, another fix, the same again and an error, the screen shows each answer in turn (in a child process)"
  )
  func showsEachAnswer() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          try await Ex8_4_VendorCallbackTests.locateInTurn([
            LocationFix(latitude: 51.5, longitude: -0.1), nil, LocationFix(latitude: 48.9, longitude: 2.4),
            LocationFix(latitude: 48.9, longitude: 2.4), nil,
          ])
        }
      }
    }
    Self.explain(child, "a fix, then an error", alsoIn: "When the SDK answers on its own queue")
  }

  /// In the child: asks one screen to locate once per answer of `answers`, each once the one before was
  /// shown, and checks that the screen shows each answer as it comes.
  @MainActor static func locateInTurn(_ answers: [LocationFix?]) async throws {
    let updates = Locked(0)
    let screen = LocationScreen(manager: LocationManager(reportingInTurn: answers)) { updates.withLock { $0 += 1 } }
    let said = { (fix: LocationFix?) in fix.map { "the fix \($0.latitude), \($0.longitude)" } ?? "an error" }
    for (index, fix) in answers.enumerated() {
      screen.locate()
      // An update that never comes for the first answer is the other tests' finding; one that never
      // comes for a later answer is this one's, which depends on the answers before it.
      guard await eventually({ updates.withLock { $0 } > index }) else {
        guard index > 0 else { return }
        let before = answers[..<index].map(said).joined(separator: ", ")
        throw ResumeProbe.ProbeFailure(
          "The SDK answered \(before), then \(said(fix)), and `onUpdate` was not called for that answer (\(updates.withLock { $0 }) updates for \(index + 1) answers): call it once each time the SDK answers, whatever the answers before it, the same answer again too. [update-lost]"
        )
      }
      guard screen.shown == fix, screen.failed == (fix == nil) else {
        let before = answers[..<index].map(said).joined(separator: ", ")
        throw ResumeProbe.ProbeFailure(
          "The SDK answered \(before), then \(said(fix)), and the screen shows \(screen.shown.map { "\($0.latitude), \($0.longitude)" } ?? "nothing"), with `failed` \(screen.failed): `shown` is the last answer's fix, or `nil` after an error, and `failed` whether that answer was an error, whatever the answers before it. [update-lost]"
        )
      }
    }
  }

  /// In the child: asks a screen to locate, with an SDK that reports `fix`, and checks what it shows.
  @MainActor static func locate(reporting fix: LocationFix?) async throws {
    let updates = Locked(0)
    let announced = Announcements()
    let screen = LocationScreen(manager: LocationManager(reporting: fix)) {
      updates.withLock { $0 += 1 }
      announced.note()
    }
    announced.screen = screen
    screen.locate()
    guard await eventually({ updates.withLock { $0 } >= 1 }) else {
      throw ResumeProbe.ProbeFailure(
        "The SDK answered with \(fix == nil ? "an error" : "a fix"), and `onUpdate` was never called: when the answer comes, change the screen and call `onUpdate`, on the main actor. [update-lost]"
      )
    }
    // Anything that would arrive late has had the time it takes the SDK's queue to answer again.
    _ = await eventually(within: 0.2) { updates.withLock { $0 } > 1 }
    let count = updates.withLock { $0 }
    guard screen.shown == fix, screen.failed == (fix == nil), count == 1 else {
      throw ResumeProbe.ProbeFailure(
        "The SDK answered once with \(fix.map { "the fix \($0.latitude), \($0.longitude)" } ?? "an error"), and the screen shows \(screen.shown.map { "\($0.latitude), \($0.longitude)" } ?? "nothing"), with `failed` \(screen.failed), after \(count) update(s): show its fix (or `nil`), set `failed` to whether it reported an error, and call `onUpdate` once. [update-lost]"
      )
    }
    if let first = announced.seen.first, first.shown != fix || first.failed != (fix == nil) {
      throw ResumeProbe.ProbeFailure(
        "`onUpdate` was called before the screen showed what it announces: the SDK answered with \(fix.map { "the fix \($0.latitude), \($0.longitude)" } ?? "an error"), and when `onUpdate` ran the screen showed \(first.shown.map { "\($0.latitude), \($0.longitude)" } ?? "nothing"), with `failed` \(first.failed). Whoever hears it reads the screen then: set `shown` and `failed` first, then call `onUpdate`. [update-lost]"
      )
    }
  }

  /// Records what the child's fate says about the learner's closure.
  /// The same mistake traps in both tests: the second names the first (`alsoIn`), under which a
  /// verdict folds it when both fail.
  static func explain(
    _ child: ExitTest.Result?, _ answer: String, alsoIn first: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let same = first.map { ", which \"\($0)\" explains" } ?? ""
    let verdict = ResumeProbe.verdict(of: child)
    guard case .crashed(let words) = verdict else {
      ResumeProbe.expectExactlyOnce(child, "The screen, given \(answer) by the SDK", sourceLocation: sourceLocation)
      return
    }
    let errorOutput = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    // Linux traps both the same way, with no message: the code tells them apart.
    let assumes = ExerciseSource.code(of: "8.4")?.contains("assumeIsolated") ?? false
    if errorOutput.contains("Incorrect actor executor assumption") || assumes {
      Issue.record(
        "When the SDK answered with \(answer) on its own queue, `MainActor.assumeIsolated` trapped\(same): it promises the code already runs on the main actor, and the SDK's queue is not the main actor: a closure the SDK calls on its own queue hops to the main actor, it cannot assume it. (The runtime said: \(words)) [assume-isolated]",
        sourceLocation: sourceLocation)
    } else {
      // A hop written inside the closure runs only after the check that trapped: say so, when there is one.
      let code = ExerciseSource.code(of: "8.4") ?? ""
      let hop = ["DispatchQueue.main.async", "Task { @MainActor", "MainActor.run"].first { code.contains($0) }
      let late =
        hop.map {
          " The hop inside it (`\($0)`) comes too late: the check runs as the closure starts, before its first line."
        } ?? ""
      Issue.record(
        "When the SDK answered with \(answer) on its own queue, the completion closure trapped as it started\(same): written inside a `@MainActor` method and passed where nothing says `@Sendable`, the closure belongs to the main actor, and Swift 6 checks that where it starts.\(late) It compiles clean and crashes at run time: a closure the SDK calls on its own queue must say that it may run anywhere, and reach the screen only once back on the main actor. (The runtime said: \(words)) [closure-inferred-main-actor]",
        sourceLocation: sourceLocation)
    }
  }
}

/// What the screen showed each time its `onUpdate` was called, read as it was called.
@MainActor private final class Announcements {
  weak var screen: LocationScreen?
  private(set) var seen: [(shown: LocationFix?, failed: Bool)] = []

  /// Records what the screen shows now.
  func note() {
    if let screen { seen.append((screen.shown, screen.failed)) }
  }
}
