import Foundation
import PromiseKitLite
import Testing

@Suite("Errors: catch, finally, recover, ensure, cauterize")
struct ErrorHandlingTests {
  @Test("catch runs on rejection and finally runs on both paths")
  func catchAndFinally() async {
    let log = EventLog()
    await withCheckedContinuation { continuation in
      Promise<Int>(error: TestError(code: 2)).done { _ in
        log.record("done")
      }.catch { error in
        log.record("catch \((error as? TestError)?.code ?? 0)")
      }.finally {
        log.record("finally")
        continuation.resume()
      }
    }
    await withCheckedContinuation { continuation in
      Promise.value(1).done { _ in log.record("done") }.catch { _ in log.record("catch") }.finally {
        log.record("finally")
        continuation.resume()
      }
    }
    #expect(log.all == ["catch 2", "finally", "done", "finally"])
  }

  @Test("recover replaces an error with a fallback; rethrowing keeps the chain rejected")
  func recoverWithFallback() async {
    let fallback = Promise<Int>(error: TestError()).recover { _ in Promise.value(0) }
    #expect(await fallback.settled.successValue == 0)
    let rethrown = Promise<Int>(error: TestError(code: 1)).recover { _ -> Promise<Int> in
      throw TestError(code: 2)
    }
    #expect(await rethrown.settled.failureCode == 2)
  }

  @Test("recover returning a Guarantee produces a Guarantee that sees every error")
  func recoverToGuarantee() async {
    let guarantee: Guarantee<Int> = Promise<Int>(error: PMKError.cancelled).recover { _ in Guarantee.value(-1) }
    #expect(await guarantee.settled.successValue == -1)
  }

  @Test("recover on Promise<Void> may just run code")
  func voidRecover() async {
    let log = EventLog()
    let recovered = Promise<Void>(error: TestError()).recover { _ in log.record("recovered") }
    _ = await recovered.settled
    #expect(recovered.isFulfilled && log.all == ["recovered"])
  }

  @Test("recover on Promise<Void> with a handler that cannot throw is a Guarantee<Void> and sees cancellations too")
  func voidRecoverIsGuarantee() async {
    let log = EventLog()
    let guarantee: Guarantee<Void> = Promise<Void>(error: PMKError.cancelled).recover { error in
      log.record("recovered cancelled: \(error.isCancelled)")
    }
    #expect(await guarantee.settled.isFulfilled)
    #expect(log.all == ["recovered cancelled: true"])
  }

  @Test("recover on Promise<Void> with a throwing handler stays a Promise<Void> and skips cancellations by default")
  func throwingVoidRecoverSkipsCancellation() async {
    let log = EventLog()
    let promise: Promise<Void> = Promise<Void>(error: PMKError.cancelled).recover { (_: any Error) throws in
      log.record("ran")
    }
    guard case .rejected(PMKError.cancelled) = await promise.settled else {
      Issue.record("a cancellation must pass a throwing recover untouched")
      return
    }
    #expect(log.all.isEmpty)
  }

  @Test("A recover on Promise<Void> that a catch follows is the Promise<Void> form, as the chain asks for")
  func voidRecoverFollowedByCatch() async {
    let log = EventLog()
    await withCheckedContinuation { continuation in
      Promise().recover { _ in log.record("recovered") }
        .catch { _ in log.record("caught") }
        .finally { continuation.resume() }
    }
    #expect(log.all.isEmpty, "a fulfilled promise passes both untouched")
  }

  @Test("isCancelled covers what PromiseKit covers: CocoaError.userCancelled and StoreKit's cancelled payment")
  func foundationCancellations() {
    #expect(CocoaError(.userCancelled).isCancelled)
    #expect(!CocoaError(.fileNoSuchFile).isCancelled)
    #expect(URLError(.cancelled).isCancelled && !URLError(.timedOut).isCancelled)
    #expect(NSError(domain: "SKErrorDomain", code: 2).isCancelled)
    #expect(!NSError(domain: "SKErrorDomain", code: 3).isCancelled)
    #expect(CancellationError().isCancelled)
  }

  @Test("ensure runs on both paths and passes the result through; ensureThen waits for its cleanup")
  func ensureRunsOnBothPaths() async {
    let log = EventLog()
    let success = Promise.value(1).ensure { log.record("ensure after success") }
    #expect(await success.settled.successValue == 1)
    let failure = Promise<Int>(error: TestError(code: 3)).ensure { log.record("ensure after failure") }
    #expect(await failure.settled.failureCode == 3)
    let then = Promise.value(2).ensureThen {
      after(seconds: 0.01).get { log.record("cleanup finished") }
    }
    #expect(await then.settled.successValue == 2)
    #expect(log.all == ["ensure after success", "ensure after failure", "cleanup finished"])
  }

  @Test("Cancellation is neither success nor failure: catch and recover skip it by default")
  func cancellationIsSkipped() async {
    let log = EventLog()
    for cancellation in [PMKError.cancelled as any Error, Cancelled(), CancellationError()] {
      #expect(cancellation.isCancelled)
      await withCheckedContinuation { continuation in
        Promise<Int>(error: cancellation).catch { _ in log.record("caught") }.finally { continuation.resume() }
      }
      let recovered = Promise<Int>(error: cancellation).recover { _ in Promise.value(1) }
      #expect(await recovered.settled.successValue == nil, "recover must not swallow a cancellation")
    }
    #expect(log.all.isEmpty)
  }

  @Test("With policy .allErrors, catch and recover see cancellations too")
  func allErrorsPolicySeesCancellation() async {
    let log = EventLog()
    await withCheckedContinuation { continuation in
      Promise<Int>(error: PMKError.cancelled).catch(policy: .allErrors) { _ in log.record("caught") }.finally {
        continuation.resume()
      }
    }
    let recovered = Promise<Int>(error: PMKError.cancelled).recover(policy: .allErrors) { _ in Promise.value(1) }
    #expect(await recovered.settled.successValue == 1)
    #expect(log.all == ["caught"])
  }

  @Test("cauterize ends a chain on purpose and swallows its error")
  func cauterizeSwallows() async {
    Promise<Int>(error: TestError()).cauterize()
    let (promise, seal) = Promise<Int>.pending()
    promise.cauterize()
    seal.reject(TestError())
    #expect(promise.isRejected)
  }
}
