import PromiseKitLite
import Testing

@Suite("Resolver: settling a promise from a callback")
struct ResolverTests {
  @Test("resolve(value, nil) fulfills; resolve(nil, error) and resolve(value, error) reject")
  func cocoaConvention() {
    let (a, sealA) = Promise<Int>.pending()
    sealA.resolve(1, nil)
    #expect(a.value == 1)
    let (b, sealB) = Promise<Int>.pending()
    sealB.resolve(nil, TestError())
    #expect(b.error is TestError)
    let (c, sealC) = Promise<Int>.pending()
    sealC.resolve(Optional(3), TestError())
    #expect(c.error is TestError, "an error wins over a value")
  }

  @Test("resolve(nil, nil) rejects with invalidCallingConvention instead of waiting forever")
  func nilNilRejects() {
    let (promise, seal) = Promise<Int>.pending()
    seal.resolve(nil, nil)
    guard case .rejected(PMKError.invalidCallingConvention)? = promise.result else {
      Issue.record("expected invalidCallingConvention, got \(String(describing: promise.result))")
      return
    }
  }

  @Test("resolve(Result) settles with the result; fulfill() and resolve(error?) serve Promise<Void>")
  func resultAndVoid() {
    let (a, sealA) = Promise<String>.pending()
    sealA.resolve(.fulfilled("ok"))
    #expect(a.value == "ok")
    let (b, sealB) = Promise<Void>.pending()
    sealB.fulfill()
    #expect(b.isFulfilled)
    let (c, sealC) = Promise<Void>.pending()
    sealC.resolve(nil)
    #expect(c.isFulfilled)
    let (d, sealD) = Promise<Void>.pending()
    sealD.resolve(TestError())
    #expect(d.isRejected)
  }

  @Test("resolve(error, value) serves callbacks that pass the error first, with the same rules")
  func invertedConvention() {
    func errorFirst(_ body: (Error?, Int?) -> Void, _ error: Error?, _ value: Int?) { body(error, value) }
    let (a, sealA) = Promise<Int>.pending()
    errorFirst(sealA.resolve, nil, 3)
    #expect(a.value == 3)
    let (b, sealB) = Promise<Int>.pending()
    errorFirst(sealB.resolve, TestError(code: 4), 3)
    #expect((b.error as? TestError)?.code == 4)
    let (c, sealC) = Promise<Int>.pending()
    errorFirst(sealC.resolve, nil, nil)
    guard case .rejected(PMKError.invalidCallingConvention)? = c.result else {
      Issue.record("(nil, nil) must reject with invalidCallingConvention")
      return
    }
  }

  @Test("Passing seal.resolve to a callback fixes the promise's type, whatever the callback's convention")
  func resolveInfersTheType() async {
    func valueFirst(_ body: @escaping @Sendable (Int?, (any Error)?) -> Void) { body(1, nil) }
    func errorFirst(_ body: @escaping @Sendable ((any Error)?, Int?) -> Void) { body(nil, 2) }
    func alwaysValue(_ body: @escaping @Sendable (Int, (any Error)?) -> Void) { body(3, nil) }
    func errorOnly(_ body: @escaping @Sendable ((any Error)?) -> Void) { body(nil) }
    let a = Promise { seal in valueFirst(seal.resolve) }
    let b = Promise { seal in errorFirst(seal.resolve) }
    let c = Promise { seal in alwaysValue(seal.resolve) }
    let d = Promise { seal in errorOnly(seal.resolve) }
    #expect(a.value == 1 && b.value == 2 && c.value == 3 && d.isFulfilled)
  }

  @Test("fulfill_() fulfills a Promise<Void>, PromiseKit's spelling of fulfill()")
  func fulfillUnderscore() {
    let (promise, seal) = Promise<Void>.pending()
    seal.fulfill_()
    #expect(promise.isFulfilled)
  }

  @Test("resolve(Swift.Result) serves completion handlers written against the standard library")
  func swiftResult() {
    func load(_ completion: (Swift.Result<String, TestError>) -> Void, _ result: Swift.Result<String, TestError>) {
      completion(result)
    }
    let (a, sealA) = Promise<String>.pending()
    load(sealA.resolve, .success("ok"))
    #expect(a.value == "ok")
    let (b, sealB) = Promise<String>.pending()
    load(sealB.resolve, .failure(TestError(code: 5)))
    #expect((b.error as? TestError)?.code == 5)
  }

  @Test("The first resolution wins and later ones are ignored")
  func firstResolutionWins() {
    let (promise, seal) = Promise<Int>.pending()
    seal.reject(TestError(code: 1))
    seal.fulfill(2)
    seal.resolve(3, nil)
    #expect(promise.error as? TestError == TestError(code: 1))
  }

  @Test("Every PMKError explains itself in words, and only cancelled is a cancellation")
  func errorsDescribeThemselves() {
    let all: [PMKError] = [
      .invalidCallingConvention, .returnedSelf, .badInput, .cancelled,
      .compactMap("1", Int.self), .emptySequence, .noWinner,
    ]
    for error in all {
      #expect(String(describing: error).split(separator: " ").count >= 4, "\(error) should say what went wrong")
    }
    #expect(PMKError.cancelled.isCancelled && !PMKError.badInput.isCancelled)
  }
}
