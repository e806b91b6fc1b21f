import AnyPromiseSemantics
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.2 Resolve or reject", .exercise("2.2"))
struct Ex2_2_ResolveOrRejectTests {
  let service = StatusService()

  func settle() async -> Swift.Result<(any Sendable)?, any Error>? {
    await awaitSettled(
      status(from: service).asPromise(), "The AnyPromise status(from:) returned",
      ifItHangs:
        "Every answer of the callback must settle the promise: hand the object to `resolve` as it is. [known-types-only]"
    )
  }

  @Test("A status string fulfills with that string")
  func valueFulfills() async {
    service.script(Script.succeed("degraded").fromBackground)
    #expect(
      await settle()?.success as? String == "degraded",
      "A status string must fulfill the promise with that string: hand the object to `resolve` as it is. [altered-status]"
    )
  }

  @Test("An error object rejects with that error")
  func errorRejects() async {
    service.script(.fail(LegacyError.server(status: 502)))
    let result = await settle()
    #expect(
      result?.failure as? LegacyError == .server(status: 502),
      "An error handed to the resolver must reject the promise, with that error: not a new error, and not a string describing it, which would fulfill. The promise settled with \(String(describing: result)). [error-as-text]"
    )
  }

  @Test("nil fulfills with nil: no status yet is an answer, not a failure")
  func nilFulfills() async {
    service.script(.neither)
    let result = await settle()
    #expect(
      result.map { if case .success(nil) = $0 { true } else { false } } == true,
      "nil must fulfill, not reject: AnyPromise reads nil as a value. The promise settled with \(String(describing: result)). [nil-rejects]"
    )
    #expect(
      service.calls.count == 1,
      "Ask the service once: a nil answer led to \(service.calls.count) calls. [ask-again-on-nil]")
  }

  @Test("The service is asked once")
  func callsOnce() async {
    _ = await settle()
    #expect(
      service.calls.count == 1, "Ask the service once: it was asked \(service.calls.count) times. [ask-again-on-nil]")
  }
}
