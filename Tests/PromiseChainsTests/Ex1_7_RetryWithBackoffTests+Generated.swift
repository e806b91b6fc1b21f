import CourseKit
import LegacyKit
import PromiseChains
import PromiseChainsReference
import PromiseKitLite
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex1_7_RetryWithBackoffTests {
  /// Which errors the caller's `isRetryable` accepts.
  enum Accepts: String, Sendable, CaseIterable {
    case every = "every error", none = "no error", legacyRetryable = "the errors LegacyError calls retryable"

    func accepts(_ error: any Error) -> Bool {
      switch self {
      case .every: true
      case .none: false
      case .legacyRetryable: (error as? LegacyError)?.isRetryable ?? false
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
      return .oneOf(
        (1...4).flatMap { maxAttempts in
          Accepts.allCases.map { accepts in
            answers.map { Attempts(maxAttempts: maxAttempts, accepts: accepts, answers: $0) }
          }
        })
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
        "maxAttempts \(maxAttempts), isRetryable accepting \(accepts.rawValue), and calls answering \(said.joined(separator: ", then ")) (the last again after that)"
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
    await Generated.expect("retry", Attempts.all, describe: \.description) { scenario in
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
}
