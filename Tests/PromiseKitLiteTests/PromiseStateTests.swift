import Dispatch
import PromiseKitLite
import Testing

@Suite("Promise: creating and inspecting")
struct PromiseStateTests {
  @Test("value(_:) is fulfilled at once; init(error:) is rejected at once")
  func settledConstructors() {
    let fulfilled = Promise.value("a")
    #expect(fulfilled.isFulfilled && fulfilled.isResolved && !fulfilled.isPending && !fulfilled.isRejected)
    #expect(fulfilled.value == "a" && fulfilled.error == nil)
    let rejected = Promise<String>(error: TestError())
    #expect(rejected.isRejected && rejected.isResolved && !rejected.isFulfilled)
    #expect(rejected.value == nil, "value is nil when a Promise<T> is rejected")
    #expect(rejected.error is TestError)
  }

  @Test("Promise() is a fulfilled Promise<Void>")
  func voidPromise() {
    #expect(Promise().isFulfilled)
    #expect(Guarantee().isFulfilled)
  }

  @Test("A throw inside init(resolver:) rejects the promise")
  func throwingResolverBodyRejects() async {
    let promise = Promise<Int> { _ in throw TestError(code: 4) }
    #expect(promise.error as? TestError == TestError(code: 4))
  }

  @Test("A pending promise reports no result until it settles")
  func pendingHasNoResult() {
    let (promise, resolver) = Promise<Int>.pending()
    #expect(promise.isPending && promise.result == nil && promise.value == nil && promise.error == nil)
    resolver.fulfill(3)
    #expect(promise.value == 3)
  }

  @Test("A fulfilled Promise<Int?> with nil still counts as fulfilled")
  func optionalNilIsFulfilled() {
    let promise = Promise<Int?>.value(nil)
    #expect(promise.isFulfilled)
  }

  @Test("wait() returns the value, or throws the error, once another thread settles the promise")
  func waitBlocksUntilSettled() async throws {
    let (promise, resolver) = Promise<Int>.pending()
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { resolver.fulfill(5) }
    #expect(try await offThePool { try promise.wait() } == 5)
    #expect(throws: TestError.self) { try Promise<Int>(error: TestError()).wait() }
  }
}
