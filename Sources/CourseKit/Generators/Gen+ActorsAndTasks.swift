import Foundation
import LegacyKit

/// Topic 9's data, drawn: ids in any order with repeats, fetches that finish in any order, and
/// failures of every kind.
public struct FetchScenario: Sendable {
  /// The ids asked for: none, one or many, in any order, repeats among them.
  public var ids: [Int]
  /// How many times the fetch of each id (1 to 9, at index `id - 1`) yields before it answers, so
  /// that fetches finish in an order of their own.
  public var yields: [Int]
  /// The ids whose fetch fails, each with its error.
  public var failures: [Int: any Error]

  public init(ids: [Int], yields: [Int], failures: [Int: any Error]) {
    (self.ids, self.yields, self.failures) = (ids, yields, failures)
  }
}

extension Gen where Value == FetchScenario {
  /// Ids from 1 to 9, in any order and with repeats, up to `count`, of which up to `failing` distinct
  /// ones fail, each with an error of any kind (``Gen/anyError``, cancellations included).
  public static func fetches(count: ClosedRange<Int> = 0...8, failing: ClosedRange<Int>) -> Gen<FetchScenario> {
    Gen<FetchScenario> { choices in
      let ids = Gen<Int>.int(in: 1...9).array(count: count).draw(&choices)
      let yields = Gen<Int>.int(in: 0...4).array(count: 9...9).draw(&choices)
      let failing = Gen<Int>.int(in: failing).draw(&choices)
      var failures: [Int: any Error] = [:]
      // Which ids fail: each in turn, when a coin says so, until `failing` of them do.
      for id in Set(ids).sorted() where failures.count < failing && Gen<Bool>.bool.draw(&choices) {
        failures[id] = Gen<any Error>.anyError.draw(&choices)
      }
      return FetchScenario(ids: ids, yields: yields, failures: failures)
    }
  }
}

/// A call of 9.7's `retrying`: how many attempts it may make, its first delay, and what each attempt
/// of `body` gives (the last repeats).
public struct RetryScenario: Sendable {
  public var maxAttempts: Int
  /// The first delay, in seconds.
  public var initialDelay: Int
  public var attempts: [Result<String, any Error>]
  /// How long each attempt takes on the clock, in seconds: a wait is counted from the end of the attempt
  /// before it, so an attempt that takes time shortens none.
  public var attemptSeconds: Int

  public init(maxAttempts: Int, initialDelay: Int, attempts: [Result<String, any Error>], attemptSeconds: Int = 0) {
    (self.maxAttempts, self.initialDelay, self.attempts) = (maxAttempts, initialDelay, attempts)
    self.attemptSeconds = attemptSeconds
  }

  /// The errors an attempt fails with: the app's own, the legacy app's, the system's, and a
  /// cancellation (other kinds of cancellation are left out: whether they are "a cancellation" that
  /// is never retried is not the header's to say).
  public static let errors: [any Error] = [
    AppError(number: 1), AppError(number: 2), LegacyError.offline, URLError(.timedOut), CancellationError(),
  ]

  /// Whether `retrying` may retry `error` in these scenarios: every error but `AppError(2)` and a `URLError`.
  public static func isRetryable(_ error: any Error) -> Bool {
    (error as? AppError)?.number != 2 && !(error is URLError)
  }
}

extension Gen where Value == RetryScenario {
  /// One to eight attempts allowed, a first delay of 1 to 3 seconds, 40 seconds or ten minutes (so that
  /// waits pass any cap a backoff might be given), and one to six attempts drawn, each a success or an
  /// error of ``RetryScenario/errors``; each attempt takes no time on the clock, or a second, or 30.
  public static var retries: Gen<RetryScenario> {
    Gen<RetryScenario> { choices in
      let maxAttempts = Gen<Int>.int(in: 1...8).draw(&choices)
      let initialDelay = Gen<Int>.oneOf([.int(in: 1...3), .element(of: [40, 600])]).draw(&choices)
      let count = Gen<Int>.int(in: 1...6).draw(&choices)
      let attempts = (0..<count).map { number -> Result<String, any Error> in
        let error = Gen<Int>.int(in: 0...RetryScenario.errors.count).draw(&choices)
        return error == RetryScenario.errors.count
          ? .success("attempt \(number + 1)") : .failure(RetryScenario.errors[error])
      }
      let attemptSeconds = Gen<Int>.element(of: [0, 0, 1, 30]).draw(&choices)
      return RetryScenario(
        maxAttempts: maxAttempts, initialDelay: initialDelay, attempts: attempts, attemptSeconds: attemptSeconds)
    }
  }
}

/// A withdrawal from 9.2's wallet: its amount, and the error `authorize` refuses it with, or `nil`
/// when it approves it.
public struct DrawnWithdrawal: Sendable {
  public var amount: Int
  public var refusal: (any Error)?

  public init(amount: Int, refusal: (any Error)?) {
    (self.amount, self.refusal) = (amount, refusal)
  }
}

extension Gen where Value == [DrawnWithdrawal] {
  /// One to four withdrawals made one after another, of amounts that fit, fit only alone or take all
  /// that is left, each approved or refused with an error of every kind (``Gen/anyError``, each kind
  /// of cancellation too).
  public static var withdrawals: Gen<[DrawnWithdrawal]> {
    Gen<DrawnWithdrawal> { choices in
      let amount = Gen<Int>.element(of: [30, 60, 10, 100]).draw(&choices)
      let refused = Gen<Bool>.bool.draw(&choices)
      return DrawnWithdrawal(amount: amount, refusal: refused ? Gen<any Error>.anyError.draw(&choices) : nil)
    }.array(count: 1...4)
  }
}

/// A call of 9.4's `withTimeout`: the duration it is given, and what its operation does, answering before
/// the duration has passed on the test clock or not at all.
public struct TimeoutScenario: Sendable {
  /// The duration `withTimeout` is given: zero, a nanosecond, milliseconds, seconds or an hour.
  public var duration: Duration
  /// When the operation answers, as a time on the clock before `duration`, and with what; `nil` when
  /// `duration` passes first.
  public var answer: (at: Duration, outcome: Result<String, any Error>)?
  /// When `duration` passes first: what the operation answers once it is cancelled, as one that ignores
  /// its cancellation does, late; `nil` when it honours it and throws `CancellationError` at once.
  public var late: Result<String, any Error>?

  public init(
    duration: Duration, answer: (at: Duration, outcome: Result<String, any Error>)?,
    late: Result<String, any Error>? = nil
  ) {
    (self.duration, self.answer, self.late) = (duration, answer, late)
  }

  /// The durations drawn, shortest first (so that a shrunk scenario names the shortest that fails).
  public static let durations: [Duration] = [
    .zero, .nanoseconds(1), .milliseconds(1), .milliseconds(250), .seconds(1), .seconds(5), .seconds(90),
    .seconds(3600),
  ]
}

extension Gen where Value == TimeoutScenario {
  /// A duration of ``TimeoutScenario/durations``, and half the time (never with a zero duration) an answer
  /// at once, halfway or a nanosecond before the end: a value, or an error of every kind (``Gen/anyError``,
  /// each kind of cancellation, the operation's own `CancellationError` among them). An operation that
  /// does not answer in time honours its cancellation, or half the time ignores it and answers late.
  public static var timeouts: Gen<TimeoutScenario> {
    Gen<TimeoutScenario> { choices in
      let duration = Gen<Duration>.element(of: TimeoutScenario.durations).draw(&choices)
      guard duration > .zero, Gen<Bool>.bool.draw(&choices) else {
        let late =
          Gen<Bool>.bool.draw(&choices)
          ? Gen<Result<String, any Error>>.outcome(Gen<String>.element(of: ["the report", ""])).draw(&choices) : nil
        return TimeoutScenario(duration: duration, answer: nil, late: late)
      }
      let at = Gen<Duration>.element(of: [.zero, duration / 2, duration - .nanoseconds(1)]).draw(&choices)
      let outcome = Gen<Result<String, any Error>>.outcome(Gen<String>.element(of: ["the report", ""])).draw(&choices)
      return TimeoutScenario(duration: duration, answer: (at, outcome))
    }
  }
}
