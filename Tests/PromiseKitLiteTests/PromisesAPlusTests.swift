import Dispatch
import Locking
import PromiseKitLite
import Testing

/// The clauses of Promises/A+ that apply to Swift's typed promises, one test each.
@Suite("Promises/A+")
struct PromisesAPlusTests {
  @Test("2.1.2: a fulfilled promise never changes its state or its value")
  func fulfilledPromiseNeverChanges() async {
    let (promise, resolver) = Promise<Int>.pending()
    resolver.fulfill(1)
    resolver.fulfill(2)
    resolver.reject(TestError())
    #expect(promise.value == 1)
    #expect(promise.isFulfilled)
  }

  @Test("2.1.3: a rejected promise never changes its state or its reason")
  func rejectedPromiseNeverChanges() async {
    let (promise, resolver) = Promise<Int>.pending()
    resolver.reject(TestError(code: 1))
    resolver.fulfill(2)
    resolver.reject(TestError(code: 2))
    #expect(promise.error as? TestError == TestError(code: 1))
    #expect(promise.isRejected)
  }

  @Test("2.2.2: onFulfilled runs once, after fulfilment, with the value")
  func onFulfilledRunsOnceAfterFulfilment() async {
    let log = EventLog()
    let (promise, resolver) = Promise<Int>.pending()
    let done = promise.done(on: nil) { log.record("fulfilled \($0)") }
    #expect(log.all.isEmpty, "a handler must not run before the promise settles")
    resolver.fulfill(7)
    resolver.fulfill(8)
    _ = await done.settled
    #expect(log.all == ["fulfilled 7"])
  }

  @Test("2.2.3: onRejected runs once, after rejection, with the reason")
  func onRejectedRunsOnceAfterRejection() async {
    let log = EventLog()
    let (promise, resolver) = Promise<Int>.pending()
    let recovered = promise.recover(on: nil) { error -> Promise<Int> in
      log.record("rejected \((error as? TestError)?.code ?? -1)")
      return .value(0)
    }
    #expect(log.all.isEmpty)
    resolver.reject(TestError(code: 3))
    resolver.reject(TestError(code: 4))
    _ = await recovered.settled
    #expect(log.all == ["rejected 3"])
  }

  @Test("2.2.4: a handler never runs before the code that attached it returns")
  func handlersRunAfterTheRegisteringCodeReturns() async {
    let log = EventLog()
    let queue = DispatchQueue(label: "2.2.4")
    let finished: Promise<Void> = await withCheckedContinuation { continuation in
      queue.async {
        let done = Promise.value(1).done(on: queue) { _ in log.record("handler") }
        log.record("registering code returned")
        continuation.resume(returning: done)
      }
    }
    _ = await finished.settled
    #expect(log.all == ["registering code returned", "handler"])
  }

  @Test("2.2.6: the handlers of one promise run in the order they were attached", arguments: [true, false])
  func handlersRunInRegistrationOrder(fulfil: Bool) async {
    let log = EventLog()
    let (promise, resolver) = Promise<Int>.pending()
    let queue = DispatchQueue(label: "2.2.6")
    let tails = (0..<100).map { index in
      promise.tap(on: queue) { _ in log.record("\(index)") }
    }
    if fulfil { resolver.fulfill(1) } else { resolver.reject(TestError()) }
    _ = await when(resolved: tails).settled
    #expect(log.all == (0..<100).map { "\($0)" })
  }

  @Test("2.2.7: a throwing handler rejects the promise that then returned")
  func throwingHandlerRejects() async {
    let promise = Promise.value(1).map(on: nil) { _ -> Int in throw TestError(code: 9) }
    #expect(await promise.settled.failureCode == 9)
  }

  @Test(
    "2.2.7.3, 2.2.7.4: a value passes through handlers that only handle errors, and an error past handlers that only handle values"
  )
  func valuesAndErrorsPassThrough() async {
    let value = Promise.value(5).recover(on: nil) { _ in Promise.value(0) }
    #expect(await value.settled.successValue == 5)
    let error = Promise<Int>(error: TestError(code: 2)).map(on: nil) { $0 + 1 }.then(on: nil) { Promise.value($0) }
    #expect(await error.settled.failureCode == 2)
  }

  @Test("2.3.1: a handler that returns its own promise rejects with returnedSelf")
  func returningOwnPromiseRejects() async {
    let box = Locked<Promise<Int>?>(nil)
    let (start, resolver) = Promise<Int>.pending()
    let own = start.then(on: nil) { _ in box.withLock { $0 } ?? .value(0) }
    box.withLock { $0 = own }
    resolver.fulfill(1)
    let result = await own.settled
    guard case .rejected(PMKError.returnedSelf) = result else {
      Issue.record("expected PMKError.returnedSelf, got \(result)")
      return
    }
  }

  @Test("2.3.2: a promise returned by a handler is adopted: its state becomes the chain's")
  func returnedPromiseIsAdopted() async {
    let (inner, innerResolver) = Promise<String>.pending()
    let outer = Promise.value(1).then(on: nil) { _ in inner }
    #expect(outer.isPending, "the chain waits for the returned promise")
    innerResolver.fulfill("adopted")
    #expect(await outer.settled.successValue == "adopted")
  }
}

extension Result {
  var successValue: T? {
    if case .fulfilled(let value) = self { return value }
    return nil
  }

  var failureCode: Int? {
    if case .rejected(let error) = self { return (error as? TestError)?.code }
    return nil
  }
}
