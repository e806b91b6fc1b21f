import PromiseKitLite
import Testing

@Suite("Guarantee: a promise that cannot fail")
struct GuaranteeTests {
  @Test("value, pending and init(resolver:) fulfill; map, then, get and done chain as guarantees")
  func chainStaysGuarantee() async {
    let log = EventLog()
    let (pending, resolve) = Guarantee<Int>.pending()
    let chain: Guarantee<String> =
      pending
      .map { $0 + 1 }
      .then { value in Guarantee { resolve in resolve(value * 2) } }
      .get { log.record("get \($0)") }
      .map { "\($0)" }
    resolve(1)
    #expect(await chain.settled.successValue == "4")
    let done: Guarantee<Void> = Guarantee.value(5).done { log.record("done \($0)") }
    _ = await done.settled
    #expect(log.all == ["get 4", "done 5"])
    #expect(Guarantee.value(1).asVoid().isFulfilled)
  }

  @Test("A guarantee can start a throwing chain, which becomes a Promise")
  func guaranteeToPromise() async {
    let promise: Promise<Int> = Guarantee.value(1).then { _ in Promise<Int>(error: TestError(code: 8)) }
    #expect(await promise.settled.failureCode == 8)
    let started: Guarantee<Int> = firstly { Guarantee.value(3) }
    #expect(started.wait() == 3)
  }
}
