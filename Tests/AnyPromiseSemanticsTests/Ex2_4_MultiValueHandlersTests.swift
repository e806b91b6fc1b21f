import AnyPromiseSemantics
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.4 Handlers of zero to three parameters", .exercise("2.4"))
struct Ex2_4_MultiValueHandlersTests {
  func settle(_ promise: AnyPromise, _ what: String) async -> Swift.Result<(any Sendable)?, any Error>? {
    await awaitSettled(promise.asPromise(), what)
  }

  @Test("Three values: the summary uses the first two")
  func threeValues() async {
    let login = AnyPromise.value(AnyPromise.Manifold("ada", 3, "yesterday"))
    let result = await settle(summary(of: login), "The AnyPromise summary(of:) returned")
    #expect(
      result?.success as? String == "ada: 3 unread",
      "A two-parameter handler gets the first two of the three values: got \(String(describing: result)). [one-parameter]"
    )
  }

  @Test("A count of zero is a count: zero unread, not no count at all")
  func zeroUnread() async {
    let login = AnyPromise.value(AnyPromise.Manifold("ada", 0))
    let result = await settle(summary(of: login), "The AnyPromise summary(of:) returned")
    #expect(
      result?.success as? String == "ada: 0 unread",
      "A second value of 0 was sent, so the line says \"ada: 0 unread\"; only a value that was not sent (nil) means no count. Got \(String(describing: result)). [zero-is-none]"
    )
  }

  // A forced unwrap or cast of the missing count traps, so this runs in a child process.
  @Test("One value: the count is nil, and the summary says so, proved in a child process")
  func oneValue() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let result = try await summary(of: AnyPromise.value("grace")).asPromise().settled(within: 1, "summary(of:)")
          guard result.success as? String == "grace: no unread" else {
            throw ResumeProbe.ProbeFailure(
              "When the source resolves with one value, the second parameter is nil: handle it, do not assume the manifold. Got \(result). [zero-is-none]"
            )
          }
        }
      }
    }
    let trap =
      child?.runtimeWords(containing: "Could not cast value")
      ?? child?.runtimeWords(containing: "Unexpectedly found nil")
    if let trap {
      Issue.record(
        "When the source resolves with one value, the second parameter is nil: handle it, do not assume the manifold (no `as!`, no `!`). The runtime said: \(trap) [zero-is-none]"
      )
    } else {
      ResumeProbe.expectExactlyOnce(child, "summary(of:) given a login with one value")
    }
  }

  @Test("A rejected login passes through both functions untouched")
  func rejectionPassesThrough() async {
    let login = AnyPromise.value(LegacyError.unauthorized)
    let log = CallLog()
    let summarized = await settle(summary(of: login), "summary(of:)")
    let acknowledged = await settle(acknowledge(login, log: log), "acknowledge(_:log:)")
    #expect(
      summarized?.failure as? LegacyError == .unauthorized && acknowledged?.failure as? LegacyError == .unauthorized,
      "A rejected promise passes through both functions untouched: do not turn it into a line. They settled with \(String(describing: summarized)) and \(String(describing: acknowledged)). [rejection-as-line]"
    )
    #expect(
      log.lines.isEmpty,
      "A rejected promise passes through both functions untouched: do not run the side effect. The log says \(log.lines). [rejection-as-line]"
    )
  }

  @Test("A handler of no parameters that returns nothing fulfills with nil")
  func acknowledgeFulfillsWithNil() async {
    let log = CallLog()
    let result = await settle(
      acknowledge(AnyPromise.value(AnyPromise.Manifold("ada", 1)), log: log), "acknowledge(_:log:)")
    #expect(
      log.lines == ["acknowledged"],
      "acknowledge must write \"acknowledged\" once; the log says \(log.lines). [acknowledged-not-once]")
    #expect(
      result.map { if case .success(nil) = $0 { true } else { false } } == true,
      "A handler of no parameters that returns nothing fulfills with nil: got \(String(describing: result)). [acknowledge-passes-value]"
    )
  }
}
