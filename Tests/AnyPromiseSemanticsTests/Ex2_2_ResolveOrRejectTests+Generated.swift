import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_2_ResolveOrRejectTests {
  /// What the service sends: a scripted reply, or an object of another kind in place of a status.
  enum Answer: Sendable {
    case reply(Reply<String>)
    case object(DynamicObject)
  }

  @Test(
    "On answers of every kind (any status string, any error, every kind of cancellation, nil, objects of other kinds), the status settles as the reference's does"
  )
  func generatedAnswers() async {
    let statuses = Gen<String>.element(of: ["online", "degraded", "", " Maintenance ", "DOWN"])
    let answers = Gen<Answer>.oneOf([
      statuses.map { .reply(.value($0)) }, Gen<any Error>.anyErrorOrOwnCancellation.map { .reply(.error($0)) },
      Gen<Int>.int(in: 0...0).map { _ in .reply(.neither) }, Gen<DynamicObject>.plainObject.map { .object($0) },
    ])
    await Generated.expect("status(from:)", answers, describe: Self.said) { answer in
      func settle(
        _ status: (StatusService) -> AnyPromise
      ) async -> (result: Swift.Result<(any Sendable)?, any Error>?, calls: Int) {
        let service = StatusService()
        switch answer {
        case .reply(let reply): service.script(Script([reply]))
        case .object(let object) where object.value == nil: service.script(Script([.neither]))
        case .object(let object):
          service.script(Script([.value("online")]))
          service.objectInPlaceOfStatus = object.value
        }
        let result = try? await status(service).asPromise().settled(within: 0.5, "status(from:)")
        return (result, service.calls.count)
      }
      let mine = await settle { AnyPromiseSemantics.status(from: $0) }
      let reference = await settle { AnyPromiseSemanticsReference.status(from: $0) }
      let (said, expected) = (Said.settled(mine.result), Said.settled(reference.result))
      if Said.sameSettlement(mine.result, reference.result) {
        guard mine.calls != reference.calls else { return nil }
        return
          "The service was asked \(mine.calls) times for one status, where the header says \"Ask the service once\", which \"The service is asked once\" or \"nil fulfills with nil\" explains. [ask-again-on-nil]"
      }
      guard mine.result != nil else {
        return
          "The promise never settled, where it \(expected): every answer of the callback must settle the promise, so hand the object to `resolve` as it is, which \"A status string fulfills\" or \"An error object rejects\" or \"nil fulfills with nil\" explains. [known-types-only]"
      }
      switch answer {
      case .object(let object) where object.value != nil && !(object.value is String):
        return
          "The promise \(said), where it fulfills \"otherwise, nil and objects of every other kind included, with the object as it is\" (\(expected)): hand every object to `resolve` as it is, not only the kinds you expect, which \"On answers of every kind\" explains. [known-types-only]"
      case .reply(.value), .object:
        return
          "The promise \(said), where it fulfills \"with the object as it is\" (\(expected)), which \"A status string fulfills with that string\" explains. [altered-status]"
      case .reply(.error), .reply(.both):
        return
          "The promise \(said), where an AnyPromise \"rejects on an error, with that error\", whatever its kind, a cancellation too (\(expected)), which \"An error object rejects with that error\" explains. [error-as-text]"
      case .reply(.neither):
        return
          "The promise \(said), where nil \"fulfills otherwise, nil included\" (\(expected)): no status yet is an answer, not a failure, which \"nil fulfills with nil\" explains. [nil-rejects]"
      }
    }
  }

  /// The answer in words: "the service answering only the status \"online\"", "… with 5 (an Int)".
  static func said(_ answer: Answer) -> String {
    switch answer {
    case .reply(let reply): "the service answering \(Said.answer(reply) { "the status \"\($0)\"" })"
    case .object(let object): "the service answering with the object \(object)"
    }
  }
}
