// Wrong answer to exercise 2.1 · catch-moved-last
// Mistake: "A `then` running after a `catch` made no sense to me, so I moved the `catch` to the end of
//   chain A, where it belongs, and predicted what the chain does now."
// Anti-pattern: changed-chain
// Failure says: Chain A no longer writes what it was shipped to write: do not change the chains

import LegacyKit
import PromiseKitLite

/// Chain A: a rejection, a `then`, a `catch` that returns nothing, and another `then`.
public func chainA(_ log: CallLog) -> AnyPromise {
  AnyPromise.value(LegacyError.offline)
    .objc.then { (value: (any Sendable)?) in log.record("then 1 got \(describe(value))") }
    .objc.then { (value: (any Sendable)?) in log.record("then 2 got \(describe(value))") }
    // The `catch` went: a rejection that is caught and then goes on was too surprising to keep.
    .objc.catch { (error: any Error) in log.record("catch got \(error)") }
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
  // The rejection skips both `then`s, and the `catch` at the end gets it.
  ["catch got offline"]
}

/// The lines chain B writes, in order.
public func predictionB() throws -> [String] {
  // Returning an error rejects; `then 2` is skipped; a `catch` that returns the error stays rejected.
  ["then 1 got 42", "catch got badRequest"]
}

/// The lines chain C writes, in order.
public func predictionC() throws -> [String] {
  // Two parameters get the manifold's first two values; a returned promise is adopted: one value, 6.
  ["then 1 got ada and 3", "then 2 got 6 and nil"]
}

/// The lines chain D writes, in order.
public func predictionD() throws -> [String] {
  // `catch` skips a cancellation; `ensure` runs on every path; the chain stays rejected.
  ["ensure ran"]
}
