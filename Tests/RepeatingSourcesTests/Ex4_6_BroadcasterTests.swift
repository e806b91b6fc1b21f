import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import Testing

@Suite("4.6 Many listeners: a broadcaster", .exercise("4.6"))
struct Ex4_6_BroadcasterTests {
  let ticker = StockTicker()

  func read(_ stream: AsyncStream<Double>, _ count: Int) async throws -> [Double] {
    try await withDeadline("reading a subscriber's stream") {
      var read: [Double] = []
      for await price in stream {
        read.append(price)
        if read.count == count { break }
      }
      return read
    }
  }

  func settle(_ broadcaster: PriceBroadcaster) async {
    _ = await eventually { [ticker] in broadcaster.subscriberCount == 0 && ticker.activeRegistrations == 0 }
  }

  @Test("Two subscribers each get every price published after they subscribed")
  func everySubscriberGetsEverything() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    let first = broadcaster.subscribe()
    let second = broadcaster.subscribe()
    #expect(broadcaster.subscriberCount == 2)
    #expect(ticker.activeRegistrations == 1, "Share one ticker registration among all subscribers.")
    for price in 1...50 { ticker.publish(Double(price), for: "ACME") }
    async let a = read(first, 50)
    async let b = read(second, 50)
    let expected = (1...50).map(Double.init)
    #expect(
      try await a == expected, "A subscriber lost prices: every subscriber needs its own stream, fed every price.")
    #expect(
      try await b == expected, "A subscriber lost prices: every subscriber needs its own stream, fed every price.")
  }

  @Test("A subscriber that stops is removed; the others keep receiving; after the last, the ticker is released")
  func stoppingSubscribersAreRemoved() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    do {
      let staying = broadcaster.subscribe()
      do {
        let leaving = broadcaster.subscribe()
        ticker.publish(1, for: "ACME")
        _ = try await read(leaving, 1)
      }  // the leaving subscriber's stream goes away here, which terminates it
      _ = await eventually { broadcaster.subscriberCount <= 1 }
      #expect(broadcaster.subscriberCount == 1, "Remove a subscriber in its stream's `onTermination`.")
      ticker.publish(2, for: "ACME")
      #expect(try await read(staying, 2) == [1, 2])
    }  // and the last one goes away here
    await settle(broadcaster)
    #expect(
      broadcaster.subscriberCount == 0 && ticker.activeRegistrations == 0,
      "After the last subscriber leaves, unregister from the ticker.")
  }

  @Test("Subscribing and cancelling from 200 tasks at once leaves no subscriber, no registration and no leak")
  func concurrentSubscribeAndCancel() async throws {
    let probe = LeakProbe()
    do {
      let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
      probe.track(broadcaster, "the broadcaster")
      await withTaskGroup(of: Void.self) { group in
        for index in 0..<200 {
          group.addTask {
            let stream = broadcaster.subscribe()
            let consumer = Task { for await _ in stream {} }
            if index.isMultiple(of: 3) { try? await Task.sleep(for: .milliseconds(1)) }
            consumer.cancel()
            _ = await consumer.value
          }
        }
        for price in 0..<50 { ticker.publish(Double(price), for: "ACME") }
      }
      await settle(broadcaster)
      #expect(
        broadcaster.subscriberCount == 0,
        "Subscribers are still listed after they all left: a race between subscribe and termination.")
      #expect(ticker.activeRegistrations == 0, "The ticker still has a registration after every subscriber left.")
    }
    await probe.expectAllReleased(
      within: 1, "Capture the broadcaster weakly in the ticker's handler and in onTermination.")
  }
}
