import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.4 Buffering: the newest value, or every value", .exercise("4.4"))
struct Ex4_4_BufferingTests {
  let ticker = StockTicker()

  /// Publishes 1...100 while nobody reads, then reads `count` values.
  func slowConsumer(of stream: AsyncStream<Double>, reading count: Int) async throws -> [Double] {
    for price in 1...100 { ticker.publish(Double(price), for: "ACME") }
    await ticker.flush()  // all 100 have been yielded before the consumer reads anything
    return try await withDeadline("reading the stream") {
      var read: [Double] = []
      for await price in stream {
        read.append(price)
        if read.count == count { break }
      }
      return read
    }
  }

  @Test("The price label, reading late, sees only the newest price: no backlog of stale ones")
  func uiSeesTheNewest() async throws {
    let stream = uiPrices(of: "ACME", ticker: ticker)
    let read = try await slowConsumer(of: stream, reading: 1)
    #expect(
      read == [100],
      "The label read \(read.first.map { "\($0)" } ?? "nothing") first: its stream kept a backlog of stale prices. A label needs only the newest: `.bufferingNewest(1)`."
    )
  }

  @Test("The audit trail, reading late, still gets every price, in order")
  func auditKeepsEverything() async throws {
    let stream = auditTrail(of: "ACME", ticker: ticker)
    let read = try await slowConsumer(of: stream, reading: 100)
    #expect(
      read == (1...100).map(Double.init),
      "The audit trail lost prices (it read \(read.count) of 100): an audit needs every value, `.unbounded`, never a newest- or oldest-only buffer."
    )
  }

  @Test("Both streams unregister when their consumer stops")
  func bothUnregister() async throws {
    for stream in [uiPrices(of: "ACME", ticker: ticker), auditTrail(of: "ACME", ticker: ticker)] {
      ticker.publish(1, for: "ACME")
      _ = try await withDeadline("reading the stream") { for await _ in stream { break } }
    }
    _ = await eventually { ticker.activeRegistrations == 0 }
    #expect(ticker.activeRegistrations == 0, "Unregister in `onTermination` (topic 4.2) for both streams.")
  }
}
