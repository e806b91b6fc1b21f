import PromiseKitLite
import Testing

/// An object whose lifetime a test can watch through a weak reference.
private final class Tracked: Sendable {}

@Suite("Memory: closures are released once a promise has settled")
struct LeakTests {
  @Test("A handler's captures are released after the handler runs")
  func handlerCapturesReleased() async {
    weak var weakTracked: Tracked?
    let (promise, seal) = Promise<Int>.pending()
    var chain: Promise<Void>?
    do {
      let tracked = Tracked()
      weakTracked = tracked
      chain = promise.done(on: nil) { _ in withExtendedLifetime(tracked) {} }
    }
    #expect(weakTracked != nil, "a pending promise keeps its handler")
    seal.fulfill(1)
    #expect(chain?.isFulfilled == true)
    #expect(weakTracked == nil, "the handler's captures must be released once it has run")
  }

  @Test("Handlers skipped by a rejection are released too")
  func skippedHandlersReleased() {
    weak var weakTracked: Tracked?
    let (promise, seal) = Promise<Int>.pending()
    do {
      let tracked = Tracked()
      weakTracked = tracked
      _ = promise.map(on: nil) { value in withExtendedLifetime(tracked) { value } }
    }
    seal.reject(TestError())
    #expect(weakTracked == nil)
  }

  @Test("A settled chain, once dropped, frees its promises")
  func settledChainFreed() {
    weak var weakPromise: Promise<Int>?
    do {
      let promise = Promise.value(1).map(on: nil) { $0 + 1 }
      weakPromise = promise
      #expect(promise.value == 2)
    }
    #expect(weakPromise == nil)
  }
}
