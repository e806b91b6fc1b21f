import AnyPromiseSemantics
import CourseKit
import LegacyKit
import PromiseKitLite
import Testing

@Suite("2.1 Predict the chain", .exercise("2.1"))
struct Ex2_1_PredictTheChainTests {
  /// Runs `chain`, waits for it to settle, and returns what it wrote.
  func run(_ chain: (CallLog) -> AnyPromise) async throws -> [String] {
    let log = CallLog()
    _ = try await chain(log).asPromise().settled(within: 1, "the chain")
    return log.lines
  }

  @Test("Chain A: a catch that returns nothing fulfills, so the then after it runs")
  func chainAPrediction() async throws {
    let predicted = try predictionA()
    let actual = try await run(chainA)
    #expect(
      actual == predicted,
      "Chain A wrote \(actual). In AnyPromise, `catch` is `recover`: returning nothing from it fulfills with nil, so the `then` after it always runs; a `then` before it is skipped by the rejection."
    )
  }

  @Test("Chain B: a handler that returns an error rejects, and the rejection skips every then")
  func chainBPrediction() async throws {
    let predicted = try predictionB()
    let actual = try await run(chainB)
    #expect(
      actual == predicted,
      "Chain B wrote \(actual). Returning an error from a handler rejects; a rejection skips every `then` until a `catch`; a `catch` that returns the error stays rejected."
    )
  }

  @Test("Chain C: two parameters receive the first two values; a returned promise is adopted")
  func chainCPrediction() async throws {
    let predicted = try predictionC()
    let actual = try await run(chainC)
    #expect(
      actual == predicted,
      "Chain C wrote \(actual). A handler of two parameters gets the manifold's first two values; returning a promise chains it, and its single value arrives with nil beside it."
    )
  }

  @Test("Chain D: a cancellation is not caught, and ensure runs on every path")
  func chainDPrediction() async throws {
    let predicted = try predictionD()
    let actual = try await run(chainD)
    #expect(
      actual == predicted,
      "Chain D wrote \(actual). `catch` skips a cancellation unless asked otherwise; `ensure` runs on every path; the chain stays rejected, so the last `then` never runs."
    )
  }
}
