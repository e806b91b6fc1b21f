import PromiseKitLite
import Testing

@Suite("Result: PromiseKit's fulfilled and rejected")
struct ResultTests {
  @Test("A settled promise's result is .fulfilled(value) or .rejected(error), and nil while pending")
  func resultCases() {
    guard case .fulfilled(3)? = Promise.value(3).result else {
      Issue.record("a fulfilled promise's result must be .fulfilled(3)")
      return
    }
    guard case .rejected(let error)? = Promise<Int>(error: TestError(code: 2)).result else {
      Issue.record("a rejected promise's result must be .rejected")
      return
    }
    #expect((error as? TestError)?.code == 2)
    #expect(Promise<Int>.pending().promise.result == nil)
  }

  @Test("isFulfilled says which case a result is")
  func isFulfilled() {
    #expect(Promise.value(1).result?.isFulfilled == true)
    #expect(Promise<Int>(error: TestError()).result?.isFulfilled == false)
  }

  @Test("pipe(to:) and tap hand over a Result that a switch reads in PromiseKit's words")
  func pipeAndTap() async {
    let log = EventLog()
    Promise<Int>(error: TestError(code: 5)).pipe { result in
      switch result {
      case .fulfilled(let value): log.record("pipe value \(value)")
      case .rejected(let error): log.record("pipe error \((error as? TestError)?.code ?? 0)")
      }
    }
    let tapped = Promise.value(8).tap(on: nil) { result in
      if case .fulfilled(let value) = result { log.record("tap value \(value)") }
    }
    #expect(await tapped.settled.successValue == 8)
    #expect(log.all == ["pipe error 5", "tap value 8"])
  }

  @Test("A Guarantee's result is always .fulfilled")
  func guaranteeResult() {
    guard case .fulfilled("ok")? = Guarantee.value("ok").result else {
      Issue.record("a guarantee's result must be .fulfilled")
      return
    }
  }
}
