import PromiseKitLite
import Testing

@Suite("AnyPromise: the Objective-C face, through objc")
struct AnyPromiseTests {
  @Test("Resolving with an error rejects; with nil or a value, fulfills")
  func resolutionIsReadDynamically() async {
    #expect(AnyPromise.value(TestError()).isRejected)
    let nilPromise = AnyPromise.value(nil)
    #expect(nilPromise.isFulfilled && nilPromise.objc.value == nil)
    #expect(AnyPromise.value("x").objc.value as? String == "x")
  }

  @Test("value holds the error when rejected, unlike Promise<T>.value")
  func valueHoldsTheError() {
    let rejected = AnyPromise.value(TestError(code: 5))
    #expect((rejected.objc.value as? TestError)?.code == 5)
  }

  @Test("Resolving with another promise adopts its eventual state")
  func adoptsPromises() async {
    let (typed, seal) = Promise<Int>.pending()
    let (promise, resolve) = AnyPromise.pending()
    resolve(typed)
    #expect(promise.isPending)
    seal.fulfill(3)
    #expect(await promise.settled.successValue as? Int == 3)
    let adoptsAny = AnyPromise.value(AnyPromise.value(TestError()))
    #expect(adoptsAny.isRejected)
  }

  @Test("catch is recover: returning nothing fulfills, so the next then runs")
  func catchRecovers() async {
    let log = EventLog()
    let chain = AnyPromise.value(TestError())
      .objc.then { (_: (any Sendable)?) in log.record("skipped then") }
      .objc.catch { (_: any Error) in log.record("catch") }
      .objc.then { log.record("then after catch") }
    _ = await chain.settled
    #expect(chain.isFulfilled)
    #expect(log.all == ["catch", "then after catch"])
  }

  @Test("A handler that returns an error rejects; one that returns a promise chains")
  func handlerReturnValues() async {
    let rejected = AnyPromise.value(1).objc.then { _ in TestError(code: 2) }
    #expect(await rejected.settled.failureCode == 2)
    let chained = AnyPromise.value(1).objc.then { value in Promise.value((value as? Int ?? 0) + 1) }
    #expect(await chained.settled.successValue as? Int == 2)
    let stillRejected = AnyPromise.value(TestError(code: 1)).objc.catch { error in error }
    #expect(await stillRejected.settled.failureCode == 1)
  }

  @Test("Handlers of zero to three parameters are fed from a manifold of up to three values")
  func multiValueHandlers() async {
    let log = EventLog()
    let source = AnyPromise.value(AnyPromise.Manifold(1, "two", 3.0, "dropped"))
    _ = await source.objc.then { log.record("zero") }.settled
    _ = await source.objc.then { (a: (any Sendable)?) in log.record("one \(a ?? "nil")") }.settled
    _ = await source.objc.then { a, b in log.record("two \(a ?? "nil") \(b ?? "nil")") }.settled
    _ = await source.objc.then { a, b, c in log.record("three \(a ?? "nil") \(b ?? "nil") \(c ?? "nil")") }.settled
    _ = await AnyPromise.value(7).objc.then { a, b in log.record("pair \(a ?? "nil") \(b ?? "nil")") }.settled
    #expect(log.all == ["zero", "one 1", "two 1 two", "three 1 two 3.0", "pair 7 nil"])
  }

  @Test("catch skips cancellation unless asked; ensure runs on both paths")
  func cancellationAndEnsure() async {
    let log = EventLog()
    let cancelled = AnyPromise.value(PMKError.cancelled).objc.catch { (_: any Error) in log.record("caught") }
    _ = await cancelled.settled
    #expect(cancelled.isRejected, "a cancellation is not caught by default")
    let all = AnyPromise.value(PMKError.cancelled).objc.catch(policy: .allErrors) { (_: any Error) in
      log.record("caught")
    }
    _ = await all.settled
    let ensured = AnyPromise.value(TestError()).objc.ensure { log.record("ensure") }
    _ = await ensured.settled
    #expect(ensured.isRejected)
    #expect(log.all == ["caught", "ensure"])
  }

  @Test("Bridging: AnyPromise(promise) and Promise<T>(anyPromise) round-trip a value and an error")
  func bridging() async {
    let any = AnyPromise(Promise.value(42))
    #expect(await Promise<Int>(any).settled.successValue == 42)
    let failing = AnyPromise(Promise<Int>(error: TestError(code: 3)))
    #expect(await Promise<Int>(failing).settled.failureCode == 3)
    let optional = Promise<String?>(AnyPromise.value(nil))
    #expect(await optional.settled.successValue == .some(nil))
  }

  @Test("Bridged from a promise fulfilled with an error, an AnyPromise is rejected with it, as in PromiseKit 8")
  func bridgedErrorValueRejects() async {
    let typed = Promise<any Error>.value(TestError(code: 7))
    let any = AnyPromise(typed)
    let result = await any.settled
    #expect(result.failureCode == 7, "an AnyPromise that holds an error is rejected, however it got there")
    #expect(any.isRejected)
    // The typed promise itself is untouched: for `Promise<any Error>` an error is just a value.
    #expect(await typed.settled.successValue is TestError)
  }

  @Test("Bridging a value of the wrong type rejects with a CastError that names both types")
  func wrongTypeRejects() async {
    let result = await Promise<Int>(AnyPromise.value("42")).settled
    guard case .rejected(let error as AnyPromise.CastError) = result else {
      Issue.record("expected AnyPromise.CastError, got \(result)")
      return
    }
    #expect(error.expected == "Int")
    #expect(error.description.contains("String"))
  }
}
