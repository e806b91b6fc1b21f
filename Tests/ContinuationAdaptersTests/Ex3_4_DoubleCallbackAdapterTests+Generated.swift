import ContinuationAdapters
import ContinuationAdaptersReference
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

/// The drawn scenarios' deliveries, kept for the child's life (see `located`).
private let keptDeliveries = Locked<[[@Sendable () -> Void]]>([])

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex3_4_DoubleCallbackAdapterTests {
  // A second resume traps, so the callbacks run in a child process: a trap fails this test, in the
  // runtime's words.
  @Test(
    "On drawn callbacks (one to three, each a location, an error of every kind, both, or neither), currentLocation() gives what the reference gives, proved in a child process"
  )
  func generatedCallbacks() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 40) {
          let failure = await Generated.check(
            Self.callbacks, trials: 60, describe: { "the SDK calling back \(Self.said($0))" }
          ) { replies in
            let mine = await Self.located(replies, reference: false)
            let expected = await Self.located(replies, reference: true)
            return Self.difference(replies, mine: mine, expected: expected)
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "LocationProvider.currentLocation() on drawn callbacks", trapWords: ["CONTINUATION MISUSE"],
      ifTrappedInCall:
        "currentLocation() resumed its continuation more than once over the callbacks drawn, where it resumes with the first answer, value or error, and ignores every later one, which \"A second callback is ignored\" explains. [resume-every-callback]"
    )
  }

  /// One to three callbacks, each a location (from a few, so that they repeat), an error of every kind
  /// (each kind of cancellation too), both a location and an error, or neither.
  static let callbacks = Gen<Reply<Location>>.reply(
    Gen<Location>.element(of: [.office, Location(latitude: 1, longitude: 2), Location(latitude: 0, longitude: 0)])
  ).array(count: 1...3)

  static func said(_ replies: [Reply<Location>]) -> String {
    replies.map { Said.reply($0, Self.said) }.joined(separator: ", then ")
  }

  static func said(_ location: Location) -> String { "the location (\(location.latitude), \(location.longitude))" }

  /// What `currentLocation()` did (the learner's, or the reference's) with an SDK that calls back
  /// `replies`, one after another on the caller's thread: what it returned or threw, in words.
  static func located(_ replies: [Reply<Location>], reference: Bool) async -> String {
    let sdk = LocationSDK()
    // Each reply is delivered at once, on the caller's thread, and kept: a completion the SDK still
    // holds is no leak, so a call that never resumes is said in this test's words, as a hang.
    sdk.script(
      Script(replies).handed(to: { deliveries in
        keptDeliveries.withLock { $0.append(deliveries) }
        for delivery in deliveries { delivery() }
      }))
    let outcome = await withDeadlineResult("LocationProvider.currentLocation()") {
      reference
        ? try await ContinuationAdaptersReference.LocationProvider(sdk: sdk).currentLocation()
        : try await ContinuationAdapters.LocationProvider(sdk: sdk).currentLocation()
    }
    if case .failure(let error) = outcome, error is DeadlineExceeded { return "never returned" }
    return switch outcome {
    case .success(let location): "returned \(said(location))"
    case .failure(let error): "threw \(Said.error(error))"
    }
  }

  static func difference(_ replies: [Reply<Location>], mine: String, expected: String) -> String? {
    guard mine != expected else { return nil }
    let first = Said.reply(replies[0], Self.said)
    let did = "currentLocation() \(mine), where the first callback, \(first), is the answer: it \(expected)"
    if case .value = replies[0] {
      // A value first: either a later callback's answer replaced it, or the call made one up.
      let later = replies.dropFirst().map { reply -> String in
        switch reply {
        case .value(let location): "returned \(said(location))"
        case .error(let error), .both(_, let error): "threw \(Said.error(error))"
        case .neither: "threw \(Said.error(NeitherValueNorError()))"
        }
      }
      guard later.contains(mine) else {
        let what = mine == "never returned" ? "as soon as it comes" : "and nothing the SDK did not send"
        return
          "\(did), \(what), which \"A single callback returns its location\" explains. [other-location]"
      }
      return
        "\(did), whatever the callbacks after it say: resume once, with the first, and ignore every later one, which \"A second callback is ignored\" explains. [resume-every-callback]"
    }
    return
      "\(did): an error of any kind is an answer, neither a value nor an error too, and the first answer wins, error or not, which \"An error then a value\" explains. [wait-for-a-value]"
  }
}
