import AnyPromiseSemantics
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.3 Read a settled AnyPromise", .exercise("2.3"))
struct Ex2_3_ReadSettledValueTests {
  @Test("A pending promise has no result yet; a settled one has")
  func pendingIsNil() {
    let (pending, _) = AnyPromise.pending()
    #expect(
      settledResult(of: pending, as: Int.self) == nil,
      "A pending promise has no result yet, although its `value` is `nil` just like a promise fulfilled with nil: check `isPending` first. [value-first]"
    )
    #expect(
      settledResult(of: AnyPromise.value(1), as: Int.self) != nil,
      "A settled promise must give a result. [settled-as-pending]")
  }

  @Test("A rejected promise gives its error as a failure, although value holds the error")
  func rejectionIsFailure() {
    let result = settledResult(of: AnyPromise.value(LegacyError.offline), as: Int.self)
    #expect(
      result?.failure as? LegacyError == .offline,
      "When an AnyPromise is rejected, `value` holds the error: check `isRejected` first, or the error reads as a value. [rejection-as-value]"
    )
  }

  @Test("A rejected promise is a failure even when the expected type is Error")
  func rejectionOfErrorType() {
    let result = settledResult(of: AnyPromise.value(LegacyError.offline), as: (any Error).self)
    #expect(
      result?.failure != nil,
      "When an AnyPromise is rejected, `value` holds the error: check `isRejected` first, or the error reads as a value, even when the expected type is `Error` itself. [rejection-as-value]"
    )
  }

  @Test("A fulfilled promise gives its value; nil is a success too")
  func fulfilledValues() {
    #expect(
      settledResult(of: AnyPromise.value(5), as: Int.self)?.success == .some(5),
      "A promise fulfilled with a `T` gives `.success(value)`: `AnyPromise.value(5)` read as an `Int` must be `.success(5)`. [fulfilled-value-lost]"
    )
    let nilResult = settledResult(of: AnyPromise.value(nil), as: Int.self)
    guard case .success(nil)? = nilResult else {
      Issue.record(
        "A promise fulfilled with nil is a success with nil, not a failure (it is `.success(nil)`, not a default): got \(String(describing: nilResult)). [nil-is-failure]"
      )
      return
    }
  }

  // A forced cast traps, so this check runs in a child process: the trap fails this test, in the runtime's words.
  @Test("A value of the wrong type is a failure with AnyPromise.CastError, proved in a child process")
  func wrongTypeFails() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run {
          let result = settledResult(of: AnyPromise.value("five"), as: Int.self)
          guard let cast = result?.failure as? AnyPromise.CastError else {
            throw ResumeProbe.ProbeFailure(
              "A value of the wrong type is a failure with `AnyPromise.CastError`: do not pretend it was nil. A String is not an Int, and the result was \(String(describing: result)). [wrong-type-is-nil]"
            )
          }
          guard cast.expected == "Int", cast.actual.contains("five"), cast.actual.contains("String") else {
            throw ResumeProbe.ProbeFailure(
              "Say what was expected and what came, `AnyPromise.CastError(expected: T.self, actual: value)`: for the String \"five\" read as an Int, this one expected \(cast.expected) and found \(cast.actual). [cast-error-fields]"
            )
          }
        }
      }
    }
    if let words = child?.runtimeWords(containing: "Could not cast value") {
      Issue.record(
        "A value of the wrong type is a failure with `AnyPromise.CastError`: a forced cast traps instead. The runtime said: \(words) [wrong-type-is-nil]"
      )
    } else {
      ResumeProbe.expectExactlyOnce(child, "settledResult(of:as:) given a String read as an Int")
    }
  }
}
