import CourseKit
import Foundation
import LegacyKit
import Locking
import PromiseChains
import PromiseChainsReference
@_spi(Timers) import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_7_RetryWithBackoffTests {
  /// Which errors the caller's `isRetryable` accepts: a fixed rule, or a drawn list of the errors the
  /// calls answer, so that one call's error is accepted and a later call's refused.
  enum Accepts: Sendable {
    case every, none, legacyRetryable
    /// Exactly the errors named (as ``Said/error(_:)`` names them).
    case listed([String])

    static let fixed: [Accepts] = [.every, .none, .legacyRetryable]

    func accepts(_ error: any Error) -> Bool {
      switch self {
      case .every: true
      case .none: false
      case .legacyRetryable: (error as? LegacyError)?.isRetryable ?? false
      case .listed(let names): names.contains(Said.error(error))
      }
    }

    var words: String {
      switch self {
      case .every: "every error"
      case .none: "no error"
      case .legacyRetryable: "the errors LegacyError calls retryable"
      case .listed(let names): names.isEmpty ? "no error" : "only \(names.joined(separator: " and "))"
      }
    }
  }

  /// A retry as a test draws it: how many attempts, which errors the caller accepts, and each call's answer.
  struct Attempts: Sendable, CustomStringConvertible {
    let maxAttempts: Int
    let accepts: Accepts
    let answers: [Reply<Int>]

    static let all: Gen<Attempts> = {
      let answer = Gen<Reply<Int>>.oneOf([
        Gen<any Error>.anyErrorOrOwnCancellation.map { .error($0) }, Gen<Int>.int(in: 1...3).map { .value($0) },
      ])
      let answers = answer.array(count: 1...5)
      let fixed = Gen<Attempts>.oneOf(
        (1...4).flatMap { maxAttempts in
          Accepts.fixed.map { accepts in
            answers.map { Attempts(maxAttempts: maxAttempts, accepts: accepts, answers: $0) }
          }
        })
      // Each answer with whether the caller's predicate accepts its error (the first word for an
      // error that comes twice): an accepted error, then a refused one, is a common draw here.
      let error = Gen<any Error>.anyErrorOrOwnCancellation.map { Reply<Int>.error($0) }
      let flagged = Gen<(Reply<Int>, Bool)>.zip(.oneOf([error, error, answer]), Gen<Bool>.bool).array(count: 1...5)
      let listed = Gen<Attempts>.oneOf(
        (1...4).map { maxAttempts in
          flagged.map { pairs in
            var names: [String] = []
            var seen: Set<String> = []
            for case (.error(let error), let accepted) in pairs
            where seen.insert(Said.error(error)).inserted && accepted {
              names.append(Said.error(error))
            }
            return Attempts(maxAttempts: maxAttempts, accepts: .listed(names), answers: pairs.map(\.0))
          }
        })
      return .oneOf([fixed, listed])
    }()

    var description: String {
      let said = answers.map { answer in
        switch answer {
        case .value(let value): "the value \(value)"
        case .error(let error), .both(_, let error): Said.errorCase(error)
        case .neither: "nothing"
        }
      }
      return
        "maxAttempts \(maxAttempts), isRetryable accepting \(accepts.words), and calls answering \(said.joined(separator: ", then ")) (the last again after that)"
    }
  }

  /// What retry gave on `scenario`: its outcome in words, and how many attempts it made.
  static func retried(
    _ scenario: Attempts,
    _ retry: (Int, @escaping @Sendable (any Error) -> Bool, @escaping @Sendable () -> Promise<Int>) -> Promise<Int>
  ) async -> (outcome: String, attempts: Int) {
    let flaky = FlakyCall()
    flaky.endpoint.replace(scenario.answers.map { Script([$0]) })
    let accepts = scenario.accepts
    let result = try? await retry(scenario.maxAttempts, { accepts.accepts($0) }) { flaky.call() }
      .settled(within: 0.5, "retry")
    return (result.map(Said.returnedOrThrew) ?? "never settled", flaky.attempts)
  }

  @Test(
    "On answers of every kind (values, errors of every kind, every kind of cancellation), any maxAttempts and any isRetryable, retry does as the reference's does"
  )
  func generatedAttempts() async {
    // Four hundred: a drawn predicate accepts one call's error and refuses the next in about one scenario in seventy.
    await Generated.expect("retry", Attempts.all, trials: 400, describe: \.description) { scenario in
      let mine = await Self.retried(scenario) { max, accepts, body in
        PromiseChains.retry(maxAttempts: max, initialDelay: 0, isRetryable: accepts, body)
      }
      let reference = await Self.retried(scenario) { max, accepts, body in
        PromiseChainsReference.retry(maxAttempts: max, initialDelay: 0, isRetryable: accepts, body)
      }
      guard mine != reference else { return nil }
      let did =
        "retry made \(mine.attempts) attempts and \(mine.outcome), where it makes \(reference.attempts) and \(reference.outcome)"
      // The answer the reference stopped at, and why it stopped there.
      let last = scenario.answers[min(reference.attempts, scenario.answers.count) - 1]
      guard case .error(let error) = last else {
        return
          "\(did): it fulfills \"with the success's value\", which \"The caller's isRetryable decides\" explains. [wrong-value]"
      }
      if error.isCancelled {
        return
          "\(did): \"never retry a cancellation\", whatever its kind, and fail with it, which \"A cancellation is never retried\" explains. [all-errors-policy]"
      }
      if mine.attempts == reference.attempts, reference.attempts == scenario.maxAttempts,
        scenario.accepts.accepts(error)
      {
        return
          "\(did): \"when the attempts are used up, fail with the last error\", which \"After maxAttempts attempts in all\" explains. [exhausted-error]"
      }
      if mine.attempts == reference.attempts {
        return
          "\(did): \"any other error fails at once, with its own error\", which \"An error that is not retryable\" explains. [changed-error]"
      }
      if mine.attempts < reference.attempts {
        return
          "\(did): \"retry only errors for which `isRetryable` says yes\", and every one it says yes to, which \"The caller's isRetryable decides\" explains. [ignores-predicate]"
      }
      if reference.attempts == scenario.maxAttempts, scenario.accepts.accepts(error) {
        return
          "\(did): \"at most `maxAttempts` times in all\", the first attempt included, which \"After maxAttempts attempts in all\" explains. [one-extra-attempt]"
      }
      return
        "\(did): \"retry only errors for which `isRetryable` says yes; any other error fails at once\", which \"An error that is not retryable\" or \"The caller's isRetryable decides\" explains. [retry-everything]"
    }
  }

  /// A backoff as a test draws it: how many attempts, and the first wait, from half a second to ten minutes.
  struct Backoff: Sendable, CustomStringConvertible {
    let maxAttempts: Int
    let initialDelay: TimeInterval

    static let all: Gen<Backoff> = .oneOf(
      (2...8).map { maxAttempts in
        Gen<TimeInterval>.element(of: [0.5, 1, 3, 10, 60, 600]).map {
          Backoff(maxAttempts: maxAttempts, initialDelay: $0)
        }
      })

    var description: String {
      "maxAttempts \(maxAttempts), initialDelay \(initialDelay) s and a call that always fails with an error isRetryable accepts"
    }
  }

  /// The waits retry asked `after` for on `backoff`, every timer firing at once (so ten minutes
  /// doubled six times costs nothing), in seconds.
  static func waits(
    _ backoff: Backoff,
    _ retry: (Int, TimeInterval, @escaping @Sendable () -> Promise<Int>) -> Promise<Int>
  ) async -> [TimeInterval] {
    let heard = Locked<[TimeInterval]>([])
    AfterTimers.observe({ seconds in heard.withLock { $0.append(seconds) } }, firingAtOnce: true)
    defer { AfterTimers.observe(nil) }
    let flaky = FlakyCall()
    flaky.endpoint.script(.fail(LegacyError.offline))
    _ = try? await retry(backoff.maxAttempts, backoff.initialDelay) { flaky.call() }.settled(within: 0.5, "retry")
    return heard.withLock { $0 }
  }

  // Long backoffs, heard without waiting: a delay that stops doubling at some ceiling (8 s, a
  // minute) passes every short backoff and fails here. In a child process: the timers are the whole
  // process's.
  @Test(
    "Over long backoffs (up to eight attempts, a first wait of up to ten minutes), retry asks for the waits the reference asks for"
  )
  func generatedWaitLengths() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 30) {
          // An answer that waits without `after` (a `sleep`) is named by "Each wait is as long as
          // asked"; here it would sleep through ten-minute waits, so it is left at one short look.
          let short = Ex1_7_RetryWithBackoffTests.Backoff(maxAttempts: 2, initialDelay: 0.01)
          let heard = await Ex1_7_RetryWithBackoffTests.waits(short) {
            PromiseChains.retry(maxAttempts: $0, initialDelay: $1, isRetryable: { _ in true }, $2)
          }
          guard !heard.isEmpty else { return }
          let failure = await Generated.check(
            Ex1_7_RetryWithBackoffTests.Backoff.all, trials: 40, describe: \.description
          ) { backoff in
            let mine = await Ex1_7_RetryWithBackoffTests.waits(backoff) {
              PromiseChains.retry(maxAttempts: $0, initialDelay: $1, isRetryable: { _ in true }, $2)
            }
            let reference = await Ex1_7_RetryWithBackoffTests.waits(backoff) {
              PromiseChainsReference.retry(maxAttempts: $0, initialDelay: $1, isRetryable: { _ in true }, $2)
            }
            func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= b * 0.02 }
            // How many attempts (and so waits) is other tests' business: the waits both asked for are judged.
            guard !zip(mine, reference).allSatisfy(near) else { return nil }
            func said(_ waits: [TimeInterval]) -> String {
              waits.isEmpty ? "no wait" : waits.map { "\($0) s" }.joined(separator: ", ")
            }
            return
              "retry asked `after` for \(said(Array(mine.prefix(reference.count)))), where \(said(Array(reference.prefix(mine.count)))) were due: wait `initialDelay` before the second attempt, twice that before the third, and so on, however long the wait grows (the header names no ceiling), which \"Each wait is as long as asked\" explains. [linear-backoff]"
          }
          if let failure { throw Generated.probeFailure(failure) }
        }
      }
    }
    Generated.expectInChild(
      child, "retry over generated long backoffs", trapWords: [],
      ifTrappedInCall: "retry crashed on a long backoff. [linear-backoff]")
  }
}
