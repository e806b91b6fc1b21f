import AnyPromiseSemantics
import AnyPromiseSemanticsReference
import CourseKit
import Foundation
import LegacyKit
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex2_4_MultiValueHandlersTests {
  /// A login as a test draws it: a name alone, a name and a count (or none), with or without a last
  /// login, nothing at all (fulfilled with nil), or a rejection with any error, every kind of
  /// cancellation too.
  enum Login: Sendable, CustomStringConvertible {
    case nothing
    case name(String)
    case manifold(String, count: Int?, lastLogin: Bool)
    case rejected(any Error)

    static let all: Gen<Login> = {
      let names = Gen<String>.element(of: ["ada", "grace", ""])
      let counts: [Int?] = [0, 1, 2, 3, 120, nil]
      let manifolds = counts.flatMap { count in
        [false, true].map { lastLogin in names.map { Login.manifold($0, count: count, lastLogin: lastLogin) } }
      }
      return Gen<Login>.oneOf([
        names.map { .name($0) }, .oneOf(manifolds), Gen<any Error>.anyErrorOrOwnCancellation.map { .rejected($0) },
        .element(of: [.nothing]),
      ])
    }()

    var promise: AnyPromise {
      switch self {
      case .nothing: AnyPromise.value(nil)
      case .name(let name): AnyPromise.value(name)
      case .manifold(let name, let count, true): AnyPromise.value(AnyPromise.Manifold(name, count, "yesterday"))
      case .manifold(let name, let count, false): AnyPromise.value(AnyPromise.Manifold(name, count))
      case .rejected(let error): AnyPromise.value(error)
      }
    }

    var description: String {
      switch self {
      case .nothing: "a login fulfilled with nil"
      case .name(let name): "a login of the name \"\(name)\" alone"
      case .manifold(let name, let count, let lastLogin):
        "a login of (\"\(name)\", \(count.map { "\($0)" } ?? "nil")\(lastLogin ? ", \"yesterday\"" : ""))"
      case .rejected(let error): "a login rejected with \(Said.errorCase(error))"
      }
    }
  }

  /// The sentence for `summary(of:)` and `acknowledge(_:log:)` on `login`, or nil when both do as the reference's do.
  static func difference(_ login: Login) async -> String? {
    typealias Outcome = Swift.Result<(any Sendable)?, any Error>?
    func run(
      _ summary: (AnyPromise) -> AnyPromise, _ acknowledge: (AnyPromise, CallLog) -> AnyPromise
    ) async -> (summary: Outcome, acknowledged: Outcome, log: [String]) {
      let log = CallLog()
      let line = try? await summary(login.promise).asPromise().settled(within: 0.5, "summary(of:)")
      let acknowledged = try? await acknowledge(login.promise, log).asPromise().settled(
        within: 0.5, "acknowledge(_:log:)")
      return (line, acknowledged, log.lines)
    }
    let mine = await run(AnyPromiseSemantics.summary, AnyPromiseSemantics.acknowledge)
    let reference = await run(AnyPromiseSemanticsReference.summary, AnyPromiseSemanticsReference.acknowledge)
    if case .rejected = login {
      guard Said.sameSettlement(mine.summary, reference.summary),
        Said.sameSettlement(mine.acknowledged, reference.acknowledged),
        mine.log == reference.log
      else {
        return
          "The summary \(Said.settled(mine.summary)) and the acknowledgement \(Said.settled(mine.acknowledged)), the log saying \(mine.log), where \"a rejected login passes through both untouched\" (\(Said.settled(reference.summary)), and nothing written), whatever its error, a cancellation too, which \"A rejected login passes through both functions\" explains. [rejection-as-line]"
      }
      return nil
    }
    // What the summary says of a login with no name at all is not the header's to say: only its
    // acknowledgement is compared.
    let nameless: Bool = if case .nothing = login { true } else { false }
    if !nameless, !Said.sameSettlement(mine.summary, reference.summary) {
      let said = "The summary \(Said.settled(mine.summary)), where it is \(Said.settled(reference.summary))"
      switch login {
      case .name, .manifold(_, count: nil, _):
        return
          "\(said): \"<name>: no unread\" when there is no count, which \"One value: the count is nil\" explains. [zero-is-none]"
      case .manifold(_, count: 0, _):
        return
          "\(said): a count of zero is a count, and only no count at all is \"no unread\", which \"A count of zero is a count\" explains. [zero-is-none]"
      default:
        return
          "\(said): \"<name>: <count> unread\", from a handler of two parameters, which receives the first two values, which \"Three values: the summary uses the first two\" explains. [one-parameter]"
      }
    }
    if mine.log != reference.log {
      return
        "The log says \(mine.log) once the login fulfilled, where acknowledge writes \"acknowledged\" to the log, once, which \"A handler of no parameters that returns nothing\" explains. [acknowledged-not-once]"
    }
    if !Said.sameSettlement(mine.acknowledged, reference.acknowledged) {
      return
        "The acknowledgement \(Said.settled(mine.acknowledged)), where \"the result fulfills with nil\", which \"A handler of no parameters that returns nothing\" explains. [acknowledge-passes-value]"
    }
    return nil
  }

  // A forced cast of a count that was not sent traps, so the scenarios run in a child process.
  @Test(
    "On logins of every kind (a name alone, any count or none, a last login or none, a rejection of any kind), the summary and the acknowledgement are the reference's, proved in a child process"
  )
  func generatedLogins() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          let failure = await Generated.check(Ex2_4_MultiValueHandlersTests.Login.all, describe: \.description) {
            await Ex2_4_MultiValueHandlersTests.difference($0)
          }
          if let failure {
            throw Generated.probeFailure(failure)
          }
        }
      }
    }
    Generated.expectInChild(
      child, "summary(of:) and acknowledge(_:log:) on generated logins",
      trapWords: ["Could not cast value", "Unexpectedly found nil"],
      ifTrappedInCall:
        "summary(of:) crashed on a login that sent no count: \"<name>: no unread\" when there is no count, so do not assume the manifold (no `as!`, no `!`), which \"One value: the count is nil\" explains. [zero-is-none]"
    )
  }
}
