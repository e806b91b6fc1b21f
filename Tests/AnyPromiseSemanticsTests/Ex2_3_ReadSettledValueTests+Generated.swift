import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_3_ReadSettledValueTests {
  /// A promise as a test draws it: still pending, rejected with an error, or fulfilled with an object.
  enum Drawn: Sendable, CustomStringConvertible {
    case pending
    case rejected(any Error)
    case fulfilled(DynamicObject)

    static let all = Gen<Drawn>.oneOf([
      Gen<DynamicObject>.oneOf([
        .plainObject,
        Gen<Int>.int(in: 0...0).map { _ in DynamicObject(AnyPromise.Manifold("ada", 3), "the manifold (\"ada\", 3)") },
        // Fulfilled, though `objc.value`, the manifold's first value, is an error: only `isRejected` tells.
        Gen<any Error>.anyErrorOrOwnCancellation.map { error in
          DynamicObject(AnyPromise.Manifold(error, "ada"), "the manifold (\(Said.errorCase(error)), \"ada\")")
        },
      ]).map { .fulfilled($0) },
      Gen<any Error>.anyErrorOrOwnCancellation.map { .rejected($0) },
      Gen<Int>.int(in: 0...0).map { _ in .pending },
    ])

    var promise: AnyPromise {
      switch self {
      case .pending: AnyPromise.pending().promise
      case .rejected(let error): AnyPromise.value(error)
      case .fulfilled(let object): AnyPromise.value(object.value)
      }
    }

    var description: String {
      switch self {
      case .pending: "a pending promise"
      case .rejected(let error): "a promise rejected with \(Said.errorCase(error))"
      case .fulfilled(let object): "a promise fulfilled with \(object)"
      }
    }
  }

  /// The types a test reads a promise as.
  enum ReadAs: String, Sendable, CaseIterable {
    case int = "Int", string = "String", double = "Double", any = "Any", error = "Error"
  }

  /// What `settledResult(of:as:)` gave, in words, with the kind of result it was.
  struct Read: Equatable {
    enum Kind { case pending, successNil, success, castError, failure }
    let kind: Kind
    let words: String
    let errorType: String?

    init<T>(_ result: Swift.Result<T?, any Error>?) {
      switch result {
      case nil: (kind, words, errorType) = (.pending, "nil (no result yet)", nil)
      case .success(nil)?: (kind, words, errorType) = (.successNil, ".success(nil)", nil)
      case .success(let value?)?:
        (kind, words, errorType) = (.success, ".success(\(String(reflecting: value)) of type \(type(of: value)))", nil)
      case .failure(let error as AnyPromise.CastError)?:
        (kind, words, errorType) = (
          .castError, ".failure(AnyPromise.CastError(expected: \(error.expected), actual: \(error.actual)))",
          "CastError"
        )
      case .failure(let error)?:
        (kind, words, errorType) = (.failure, ".failure(\(Said.errorCase(error)))", String(reflecting: type(of: error)))
      }
    }
  }

  static func read(
    _ promise: AnyPromise, as expected: ReadAs, reference: Bool
  ) -> Read {
    typealias Reader<T> = (AnyPromise, T.Type) -> Swift.Result<T?, any Error>?
    func with<T>(_ type: T.Type, _ mine: Reader<T>, _ theirs: Reader<T>) -> Read {
      Read(reference ? theirs(promise, type) : mine(promise, type))
    }
    return switch expected {
    case .int: with(Int.self, AnyPromiseSemantics.settledResult, AnyPromiseSemanticsReference.settledResult)
    case .string: with(String.self, AnyPromiseSemantics.settledResult, AnyPromiseSemanticsReference.settledResult)
    case .double: with(Double.self, AnyPromiseSemantics.settledResult, AnyPromiseSemanticsReference.settledResult)
    case .any: with(Any.self, AnyPromiseSemantics.settledResult, AnyPromiseSemanticsReference.settledResult)
    case .error:
      with((any Error).self, AnyPromiseSemantics.settledResult, AnyPromiseSemanticsReference.settledResult)
    }
  }

  /// Every promise, read as every type.
  static let scenarios = Gen<(ReadAs, Drawn)>.oneOf(ReadAs.allCases.map { type in Drawn.all.map { (type, $0) } })

  /// The sentence for `settledResult(of:as:)` on `drawn` read as `expected`, or nil when it gives the reference's result.
  static func difference(_ drawn: Drawn, _ expected: ReadAs) -> String? {
    let promise = drawn.promise
    let mine = read(promise, as: expected, reference: false)
    let reference = read(promise, as: expected, reference: true)
    guard mine != reference else { return nil }
    let gave = "settledResult(of:as: \(expected.rawValue).self) gave \(mine.words), where"
    // Only when the value is an error: code that fails a fulfilled promise for another reason gets the sentences below.
    if case .fulfilled(let object) = drawn, mine.kind == .failure, promise.objc.value is any Error {
      return
        "\(gave) a promise fulfilled with \(object) is not rejected (\(reference.words)): its `objc.value` is an error, and only `isRejected` says whether the promise was rejected. Ask `isRejected` first, never the value's type. [rejection-as-value]"
    }
    switch reference.kind {
    case .pending:
      return
        "\(gave) a promise \"still pending: nil\", which \"A pending promise has no result yet\" explains. [value-first]"
    case .failure:
      return
        "\(gave) a rejected promise gives \".failure with the error\" (\(reference.words)), whatever its kind, a cancellation too, which \"A rejected promise gives its error\" or \"A rejected promise is a failure even\" explains. [rejection-as-value]"
    case .successNil:
      return
        "\(gave) a promise \"fulfilled with nil: .success(nil)\", which \"A fulfilled promise gives its value; nil\" explains. [nil-is-failure]"
    case .success:
      return
        "\(gave) a promise \"fulfilled with a T: .success(value)\" (\(reference.words)), which \"A fulfilled promise gives its value\" or \"A pending promise has no result yet\" explains. [fulfilled-value-lost]"
    case .castError where mine.kind == .castError:
      return
        "\(gave) the error names what was expected and what came, \(reference.words), which \"A value of the wrong type is a failure\" explains. [cast-error-fields]"
    case .castError:
      return
        "\(gave) a promise \"fulfilled with anything else\" than a \(expected.rawValue) gives \(reference.words), which \"A value of the wrong type is a failure\" explains. [wrong-type-is-nil]"
    }
  }

  // A forced cast traps, so the scenarios run in a child process: a trap fails this test, in the runtime's words.
  @Test(
    "On promises of every kind (pending, rejected with any error or cancellation, fulfilled with nil or any object), read as any type, the result is the reference's, proved in a child process"
  )
  func generatedPromises() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 20) {
          let scenarios = Ex2_3_ReadSettledValueTests.scenarios
          let failure = await Generated.check(
            scenarios, trials: 300, describe: { "\($0.1) read as \($0.0.rawValue)" }
          ) { Ex2_3_ReadSettledValueTests.difference($0.1, $0.0) }
          if let failure {
            throw Generated.probeFailure(failure)
          }
        }
      }
    }
    Generated.expectInChild(
      child, "settledResult(of:as:) on generated promises",
      trapWords: ["Could not cast value", "Unexpectedly found nil"],
      ifTrappedInCall:
        "settledResult(of:as:) crashed on a promise fulfilled with a value of another type than the one asked for: a forced cast traps, where the header asks for `.failure(AnyPromise.CastError(expected: T.self, actual: value))`, which \"A value of the wrong type is a failure\" explains. [wrong-type-is-nil]"
    )
  }
}
