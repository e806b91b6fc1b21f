import PromiseKitLite
import Testing

@Suite("Deep chains: no stack overflow")
struct DeepChainTests {
  @Test("A chain of 1,000,000 synchronous map handlers resolves without overflowing the stack")
  func millionSynchronousLinks() async throws {
    let value = try await offThePool {
      let (head, seal) = Promise<Int>.pending()
      var tail = head
      for _ in 0..<1_000_000 {
        tail = tail.map(on: nil) { $0 + 1 }
      }
      seal.fulfill(0)
      return tail.value
    }
    #expect(value == 1_000_000)
  }

  @Test("A synchronous chain built on an already fulfilled promise settles as it is built")
  func buildOnSettled() async throws {
    let value = try await offThePool {
      var tail = Promise.value(0)
      for _ in 0..<100_000 {
        tail = tail.then(on: nil) { Promise.value($0 + 1) }
      }
      return tail.value
    }
    #expect(value == 100_000)
  }
}
