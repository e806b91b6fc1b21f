import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.2 Termination: stop the source when the consumer stops", .exercise("4.2"))
struct Ex4_2_TerminationTests {
  let ticker = StockTicker()

  /// Waits up to a second for the ticker to have no registration left.
  func unregistered() async -> Bool {
    _ = await eventually { ticker.activeRegistrations == 0 }
    return ticker.activeRegistrations == 0
  }

  @Test("Prices published after subscribing arrive in order")
  func pricesArrive() async throws {
    let stream = prices(of: "ACME", ticker: ticker)
    for price in [1.0, 2.0, 3.0] { ticker.publish(price, for: "ACME") }
    ticker.publish(99, for: "OTHER")
    let received = try await withDeadline("the for-await loop over prices(of:ticker:)") {
      var received: [Double] = []
      for await price in stream {
        received.append(price)
        if received.count == 3 { break }
      }
      return received
    }
    #expect(received == [1, 2, 3], "Yield each price the ticker pushes for this symbol, and only those.")
  }

  @Test("Breaking out of the loop (and letting the stream go) unregisters the observer")
  func breakUnregisters() async throws {
    let registered = try await withDeadline("the for-await loop over prices(of:ticker:)") { [ticker] in
      let stream = prices(of: "ACME", ticker: ticker)
      let registered = ticker.activeRegistrations
      ticker.publish(1, for: "ACME")
      for await _ in stream { break }
      return registered
    }  // the stream's last reference goes away here, which terminates it
    #expect(registered == 1, "Register with the ticker when the stream is created.")
    #expect(
      await unregistered(),
      "The consumer stopped, but the ticker still pushes to it: unregister in `onTermination`, which runs when the consumer breaks or is cancelled."
    )
  }

  @Test("Cancelling the consumer's task unregisters the observer")
  func cancelUnregisters() async throws {
    let stream = prices(of: "ACME", ticker: ticker)
    let consumer = Task {
      for await _ in stream {}
    }
    try await Task.sleep(for: .milliseconds(20))
    consumer.cancel()
    #expect(await unregistered(), "A cancelled consumer must leave nothing registered: unregister in `onTermination`.")
  }

  @Test("A stream that is dropped without being consumed unregisters too")
  func droppedStreamUnregisters() async {
    do {
      _ = prices(of: "ACME", ticker: ticker)
    }
    #expect(
      await unregistered(), "A stream nobody consumes is terminated when it is released: `onTermination` runs then too."
    )
  }
}
