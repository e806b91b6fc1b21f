// Exercise 2.1 · Predict the chain
// Grade 1 (warm-up) · Lesson: Docs/02-anypromise-semantics.md#predict-the-chain
// Check it: swift run course check 2.1   (or: swift test --filter AnyPromiseSemanticsTests.Ex2_1_PredictTheChainTests)
//
// Below are four AnyPromise chains, written against its Objective-C face (`objc`), as
// the legacy Objective-C code wrote them. Each writes a line to its log whenever a
// handler runs, saying what the handler received. Do not change the chains: read
// them, and make each `prediction...()` return the lines you expect, in order. [changed-chain]
// [a-catch-ends-the-chain] [returned-error-is-a-value] [manifold-arrives-whole] [catch-sees-cancellation]
// The tests run the real chains and compare, so a wrong prediction means your
// model of AnyPromise (or the library) is wrong somewhere: find out which.
// `describe` writes nil as "nil", and an error as its case name ("offline").

import CourseCatalog
import LegacyKit
import PromiseKitLite

/// Chain A: a rejection, a `then`, a `catch` that returns nothing, and another `then`.
public func chainA(_ log: CallLog) -> AnyPromise {
  AnyPromise.value(LegacyError.offline)
    .objc.then { (value: (any Sendable)?) in log.record("then 1 got \(describe(value))") }
    .objc.catch { (error: any Error) in log.record("catch got \(error)") }
    .objc.then { (value: (any Sendable)?) in log.record("then 2 got \(describe(value))") }
}

/// Chain B: a handler that returns an error, and a `catch` that returns it again.
public func chainB(_ log: CallLog) -> AnyPromise {
  AnyPromise.value(42)
    .objc.then { (value: (any Sendable)?) -> (any Sendable)? in
      log.record("then 1 got \(describe(value))")
      return LegacyError.badRequest
    }
    .objc.then { (value: (any Sendable)?) in log.record("then 2 got \(describe(value))") }
    .objc.catch { (error: any Error) -> (any Sendable)? in
      log.record("catch got \(error)")
      return error
    }
    .objc.then { log.record("then 3 ran") }
}

/// Chain C: several values at once, and a handler that returns a promise.
public func chainC(_ log: CallLog) -> AnyPromise {
  AnyPromise.value(AnyPromise.Manifold("ada", 3))
    .objc.then { name, count -> (any Sendable)? in
      log.record("then 1 got \(describe(name)) and \(describe(count))")
      return Promise.value((count as? Int ?? 0) * 2)
    }
    .objc.then { first, second in log.record("then 2 got \(describe(first)) and \(describe(second))") }
}

/// Chain D: a cancellation.
public func chainD(_ log: CallLog) -> AnyPromise {
  AnyPromise.value(PMKError.cancelled)
    .objc.catch { (error: any Error) in log.record("catch got \(error)") }
    .objc.ensure { log.record("ensure ran") }
    .objc.then { log.record("then ran") }
}

/// How the chains write a value: nil as "nil", anything else as itself.
public func describe(_ value: (any Sendable)?) -> String {
  value.map { "\($0)" } ?? "nil"
}

/// The lines chain A writes, in order.
public func predictionA() throws -> [String] {
  throw NotStarted("2.1", "predictionA")  // Replace with your prediction, e.g. return ["then 1 got ..."]
}

/// The lines chain B writes, in order.
public func predictionB() throws -> [String] {
  throw NotStarted("2.1", "predictionB")
}

/// The lines chain C writes, in order.
public func predictionC() throws -> [String] {
  throw NotStarted("2.1", "predictionC")
}

/// The lines chain D writes, in order.
public func predictionD() throws -> [String] {
  throw NotStarted("2.1", "predictionD")
}
