import Dispatch
import Locking
import PromiseKitLite
import Testing

@Suite("Thread safety: resolving and registering from many threads at once")
struct ThreadSafetyTests {
  @Test("Under a thousand racing resolvers exactly one result wins, and every handler runs once")
  func racingResolvers() async throws {
    for _ in 0..<20 {
      let (promise, seal) = Promise<Int>.pending()
      let calls = Locked([Int](repeating: 0, count: 10))
      let handlers = (0..<10).map { index in
        promise.tap(on: nil) { _ in calls.withLock { $0[index] += 1 } }
      }
      try await offThePool {
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
          if index.isMultiple(of: 2) { seal.fulfill(index) } else { seal.reject(TestError(code: index)) }
        }
      }
      let first = await promise.settled
      for handler in handlers {
        let seen = await handler.settled
        #expect(String(describing: seen) == String(describing: first), "every handler sees the one winning result")
      }
      #expect(calls.withLock { $0 } == [Int](repeating: 1, count: 10))
    }
  }

  @Test("Handlers registered from many threads while the promise settles each run exactly once")
  func racingRegistration() async throws {
    let (promise, seal) = Promise<Int>.pending()
    let count = Locked(0)
    try await offThePool {
      DispatchQueue.concurrentPerform(iterations: 1000) { index in
        if index == 500 { seal.fulfill(1) }
        promise.pipe { _ in count.withLock { $0 += 1 } }
      }
    }
    _ = await promise.settled
    #expect(count.withLock { $0 } == 1000)
  }

  @Test("when(fulfilled:) over promises settled from a concurrent queue collects every value")
  func whenFromManyThreads() async throws {
    let pendings = (0..<1000).map { _ in Promise<Int>.pending() }
    let all = when(fulfilled: pendings.map(\.promise))
    try await offThePool { DispatchQueue.concurrentPerform(iterations: 1000) { pendings[$0].resolver.fulfill($0) } }
    #expect(await all.settled.successValue == Array(0..<1000))
  }
}
