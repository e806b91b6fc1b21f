import PromiseKitLite
import Testing

@Suite("Chaining: then, map, compactMap, done, get, tap, asVoid")
struct ChainingTests {
  @Test("firstly, then, map and done read as one flat sequence of steps")
  func flatChain() async {
    let log = EventLog()
    let done = firstly {
      Promise.value(2)
    }.then { value in
      Promise.value(value * 10)
    }.map { value in
      "\(value)"
    }.done { text in
      log.record(text)
    }
    _ = await done.settled
    #expect(log.all == ["20"])
  }

  @Test("A throw inside firstly's body becomes a rejected promise")
  func firstlyCatchesThrows() async {
    let promise = firstly { () throws -> Promise<Int> in throw TestError(code: 5) }
    #expect(await promise.settled.failureCode == 5)
  }

  @Test("compactMap rejects with PMKError.compactMap when the transform returns nil")
  func compactMapRejectsNil() async {
    let parsed = Promise.value("42").compactMap { Int($0) }
    #expect(await parsed.settled.successValue == 42)
    let failed = Promise.value("forty-two").compactMap { Int($0) }
    guard case .rejected(PMKError.compactMap(let value, let type)) = await failed.settled else {
      Issue.record("expected PMKError.compactMap")
      return
    }
    #expect(value as? String == "forty-two" && type == Int.self)
  }

  @Test("get and tap look at the value without changing it")
  func getAndTapPassThrough() async {
    let log = EventLog()
    let value = Promise.value(3)
      .get { log.record("get \($0)") }
      .tap { log.record("tap \($0.successValue ?? -1)") }
    #expect(await value.settled.successValue == 3)
    #expect(log.all == ["get 3", "tap 3"])
  }

  @Test("tap sees errors too, and a throwing get rejects")
  func tapSeesErrors() async {
    let log = EventLog()
    let failed = Promise<Int>(error: TestError(code: 6)).tap { result in
      if case .rejected = result { log.record("tap saw error") }
    }
    #expect(await failed.settled.failureCode == 6)
    #expect(log.all == ["tap saw error"])
    let rejectedByGet = Promise.value(1).get { _ in throw TestError(code: 7) }
    #expect(await rejectedByGet.settled.failureCode == 7)
  }

  @Test("asVoid keeps success and failure but drops the value")
  func asVoidKeepsOutcome() async {
    #expect(Promise.value(1).asVoid().isFulfilled)
    #expect(Promise<Int>(error: TestError()).asVoid().isRejected)
  }

  @Test("mapValues maps each element; firstValue rejects an empty sequence with emptySequence")
  func sequenceHelpers() async {
    #expect(await Promise.value([1, 2]).mapValues { $0 * 2 }.settled.successValue == [2, 4])
    guard case .rejected(PMKError.emptySequence) = await Promise.value([Int]()).firstValue.settled else {
      Issue.record("expected PMKError.emptySequence")
      return
    }
  }
}
