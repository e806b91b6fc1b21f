import AnyPromiseSemantics
import CourseKit
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
      result?.success as? String == "ada: 3 unread", "A two-parameter handler gets the first two of the three values.")
  }

  @Test("One value: the count is nil, and the summary says so")
  func oneValue() async {
    let result = await settle(summary(of: AnyPromise.value("grace")), "The AnyPromise summary(of:) returned")
    #expect(
      result?.success as? String == "grace: no unread",
      "When the login resolves with one value, the second parameter is nil: handle it, do not assume the manifold.")
  }

  @Test("A rejected login passes through both functions untouched")
  func rejectionPassesThrough() async {
    let login = AnyPromise.value(LegacyError.unauthorized)
    let log = CallLog()
    #expect(await settle(summary(of: login), "summary(of:)")?.failure as? LegacyError == .unauthorized)
    #expect(await settle(acknowledge(login, log: log), "acknowledge(_:log:)")?.failure as? LegacyError == .unauthorized)
    #expect(log.lines.isEmpty, "A rejected login must not be acknowledged.")
  }

  @Test("A handler of no parameters that returns nothing fulfills with nil")
  func acknowledgeFulfillsWithNil() async {
    let log = CallLog()
    let result = await settle(
      acknowledge(AnyPromise.value(AnyPromise.Manifold("ada", 1)), log: log), "acknowledge(_:log:)")
    #expect(log.lines == ["acknowledged"])
    #expect(
      result.map { if case .success(nil) = $0 { true } else { false } } == true, "Returning nothing fulfills with nil.")
  }
}
