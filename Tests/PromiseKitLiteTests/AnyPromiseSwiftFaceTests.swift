import PromiseKitLite
import Testing

@Suite("AnyPromise: the Swift face, a Thenable of (any Sendable)?")
struct AnyPromiseSwiftFaceTests {
  @Test("map, done and then take an AnyPromise like any promise; a rejection skips them")
  func chainsLikeAPromise() async {
    let log = EventLog()
    let mapped: Promise<Int> = AnyPromise.value(20).map { ($0 as? Int ?? 0) + 1 }
    #expect(await mapped.settled.successValue == 21)
    let done: Promise<Void> = AnyPromise.value("x").done { log.record("done \($0 ?? "nil")") }
    _ = await done.settled
    let chained: Promise<String> = AnyPromise.value(1).then { _ in Promise.value("next") }
    #expect(await chained.settled.successValue == "next")
    let skipped = AnyPromise.value(TestError(code: 4)).map { _ in log.record("skipped") }
    #expect(await skipped.settled.failureCode == 4)
    #expect(log.all == ["done x"])
  }

  @Test("Its Swift catch ends the chain, as on any promise: nothing after it runs, and finally does")
  func catchEndsTheChain() async {
    let log = EventLog()
    await withCheckedContinuation { continuation in
      AnyPromise.value(TestError(code: 2)).done { _ in log.record("done") }
        .catch { error in log.record("catch \((error as? TestError)?.code ?? 0)") }
        .finally {
          log.record("finally")
          continuation.resume()
        }
    }
    #expect(log.all == ["catch 2", "finally"])
  }

  @Test("value is nil when rejected, as on any promise; result says .fulfilled or .rejected")
  func valueAndResult() {
    let rejected = AnyPromise.value(TestError(code: 3))
    #expect(rejected.value == nil, "the Swift face's value is nil on rejection; objc.value holds the error")
    #expect(rejected.objc.value is TestError)
    guard case .rejected(let error)? = rejected.result, (error as? TestError)?.code == 3 else {
      Issue.record("a rejected AnyPromise's result must be .rejected")
      return
    }
    guard case .fulfilled(let value)? = AnyPromise.value(5).result, value as? Int == 5 else {
      Issue.record("a fulfilled AnyPromise's result must be .fulfilled")
      return
    }
    #expect(AnyPromise.pending().promise.result == nil)
  }

  @Test("when, race and firstly take AnyPromises")
  func combinators() async throws {
    let all = try #require(await when(fulfilled: [AnyPromise.value(1), AnyPromise.value("b")]).settled.successValue)
    #expect(all.count == 2 && all[0] as? Int == 1 && all[1] as? String == "b")
    let winner = race(AnyPromise.value("first"), AnyPromise.pending().promise)
    #expect(await winner.settled.successValue as? String == "first")
    let started = firstly { AnyPromise.value(7) }
    #expect(await started.settled.successValue as? Int == 7)
  }

  @Test("wait() returns the first value, or throws the error")
  func waits() async throws {
    let value = try await offThePool { try AnyPromise.value(9).wait() }
    #expect(value as? Int == 9)
    await #expect(throws: TestError.self) {
      try await offThePool { try AnyPromise.value(TestError()).wait() }
    }
  }

  @Test("On the Objective-C face a handler of several statements that returns nothing needs no `-> Void`")
  func multiStatementHandler() async {
    let log = EventLog()
    let chain = AnyPromise.value(1).objc.then { value in
      let number = value as? Int ?? 0
      log.record("got \(number)")
    }
    #expect(await chain.settled.isFulfilledWithNil)
    let returning = AnyPromise.value(1).objc.then { _ in "kept" }
    #expect(await returning.settled.successValue as? String == "kept", "a one-line handler keeps its value")
    #expect(log.all == ["got 1"])
  }

  @Test("On the Objective-C face, catch takes a handler of no parameters too")
  func zeroParameterCatch() async {
    let log = EventLog()
    let recovered = AnyPromise.value(TestError()).objc.catch { log.record("caught") }
    #expect(await recovered.settled.isFulfilledWithNil)
    let replaced = AnyPromise.value(TestError()).objc.catch { "fallback" }
    #expect(await replaced.settled.successValue as? String == "fallback")
    #expect(log.all == ["caught"])
  }
}

extension Result where T == (any Sendable)? {
  /// `true` for `.fulfilled(nil)`: what an Objective-C handler that returns nothing fulfills with.
  fileprivate var isFulfilledWithNil: Bool {
    if case .fulfilled(nil) = self { return true }
    return false
  }
}
