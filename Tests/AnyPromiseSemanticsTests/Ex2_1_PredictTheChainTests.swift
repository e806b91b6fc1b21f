import AnyPromiseSemantics
import CourseCatalog
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

  /// Where a prediction first goes wrong, without the chain's real log: a prediction exercise that
  /// prints the answer asks for nothing but a paste.
  static func whereWrong(_ chain: String, predicted: [String], actual: [String]) -> String {
    guard let line = zip(predicted, actual).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
      return predicted.count < actual.count
        ? "Your prediction for chain \(chain) stops after \(predicted.count == 1 ? "one line" : "\(predicted.count) lines"), but the chain writes more."
        : "Your prediction for chain \(chain) goes on after the chain has stopped writing, at line \(actual.count + 1) (\"\(predicted[actual.count])\")."
    }
    return "Your prediction for chain \(chain) goes wrong at line \(line + 1) (\"\(predicted[line])\")."
  }

  @Test("Chain A: a catch that returns nothing fulfills, so the then after it runs")
  func chainAPrediction() async throws {
    let predicted = try predictionA()
    let actual = try await run(chainA)
    // Compared outside the expectation, whose failure would otherwise print the real log.
    let predictedRight = actual == predicted
    #expect(
      predictedRight,
      "\(Self.whereWrong("A", predicted: predicted, actual: actual)) In AnyPromise, `catch` is `recover`: returning nothing from it fulfills with nil, so the `then` after it always runs; a `then` before it is skipped by the rejection. [a-catch-ends-the-chain]"
    )
  }

  @Test("Chain B: a handler that returns an error rejects, and the rejection skips every then")
  func chainBPrediction() async throws {
    let predicted = try predictionB()
    let actual = try await run(chainB)
    // Compared outside the expectation, whose failure would otherwise print the real log.
    let predictedRight = actual == predicted
    #expect(
      predictedRight,
      "\(Self.whereWrong("B", predicted: predicted, actual: actual)) Returning an error from a handler rejects; a rejection skips every `then` until a `catch`; a `catch` that returns the error stays rejected. [returned-error-is-a-value]"
    )
  }

  @Test("Chain C: two parameters receive the first two values; a returned promise is adopted")
  func chainCPrediction() async throws {
    let predicted = try predictionC()
    let actual = try await run(chainC)
    // Compared outside the expectation, whose failure would otherwise print the real log.
    let predictedRight = actual == predicted
    #expect(
      predictedRight,
      "\(Self.whereWrong("C", predicted: predicted, actual: actual)) A handler of two parameters gets the manifold's first two values; returning a promise chains it, and its single value arrives with nil beside it. [manifold-arrives-whole]"
    )
  }

  @Test("Chain D: a cancellation is not caught, and ensure runs on every path")
  func chainDPrediction() async throws {
    let predicted = try predictionD()
    let actual = try await run(chainD)
    // Compared outside the expectation, whose failure would otherwise print the real log.
    let predictedRight = actual == predicted
    #expect(
      predictedRight,
      "\(Self.whereWrong("D", predicted: predicted, actual: actual)) `catch` skips a cancellation unless asked otherwise; `ensure` runs on every path; the chain stays rejected, so the last `then` never runs. [catch-sees-cancellation]"
    )
  }

  /// A log's fingerprint (FNV-1a of its lines): what the shipped chains write, without writing it out.
  static func fingerprint(_ lines: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in lines.joined(separator: "\n").utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    return hash
  }

  // The shipped chains' logs are kept as fingerprints, so that this file does not give the predictions away.
  @Test("The chains are the ones shipped: only the predictions change")
  func chainsAreAsShipped() async throws {
    _ = try predictionA()
    let shipped: [(name: String, chain: (CallLog) -> AnyPromise, fingerprint: UInt64)] = [
      ("A", chainA, 0xddca_3948_f40f_cc0d), ("B", chainB, 0x646d_1123_00d5_9870),
      ("C", chainC, 0x9e32_0e0f_9733_8f64), ("D", chainD, 0x869a_5d53_f8c4_a846),
    ]
    var changed = false
    for (name, chain, fingerprint) in shipped {
      let lines = try await run(chain)
      if Self.fingerprint(lines) != fingerprint {
        changed = true
        Issue.record(
          "Chain \(name) no longer writes what it was shipped to write: do not change the chains. Read them as they are, and change only the predictions. [changed-chain]"
        )
      }
    }
    // A change that writes the same log (a handler's queue, a type spelled out) is a change too: the chains
    // are the puzzle, as shipped. Compared without comments or spaces, with the copy the course shipped.
    guard !changed, let root = ExerciseSource.packageRoot, let mine = ExerciseSource.text(of: "2.1"),
      let asShipped = try? String(
        contentsOfFile: "\(root)/Exercises/.shipped/AnyPromiseSemantics/Ex2_1_PredictTheChain.swift", encoding: .utf8)
    else { return }
    for name in ["A", "B", "C", "D"] where Self.chain(name, in: mine) != Self.chain(name, in: asShipped) {
      Issue.record(
        "Chain \(name) is not written as it was shipped, though it writes the same log: do not change the chains, not even a handler's queue. Read them as they are, and change only the predictions. [changed-chain]"
      )
    }
  }

  /// Chain `name`'s function in `source`, without comments or spaces; `nil` when the file has none.
  static func chain(_ name: String, in source: String) -> String? {
    ExerciseSource.declaration("public func chain\(name)(", in: SuiteRule.withoutComments(source)).map {
      $0.filter { !$0.isWhitespace }
    }
  }
}
