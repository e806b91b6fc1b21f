import CourseKit
import LegacyKit
import RepeatingSources
import Testing

@Suite("4.2 Termination: stop the source when the consumer stops", .exercise("4.2"))
struct Ex4_2_TerminationTests {
  let ticker = StockTicker()

  static let noPriceArrived =
    "A price published after the stream was created never reached the consumer: register with the ticker in the builder closure, and keep the registration until the consumer stops. [register-in-task]"

  static let unregisteredAtOnce =
    "The stream registered with the ticker and unregistered before prices(of:ticker:) returned: a `defer` in the builder closure runs when the builder returns, not when the consumer stops. Unregister in `onTermination`. [defer-unregister]"

  /// Whether the stream just made registered with `ticker` and has already let the registration go.
  static func droppedAtOnce(_ ticker: StockTicker) -> Bool {
    ticker.registrationsMade > 0 && ticker.activeRegistrations == 0
  }

  /// Waits for the ticker to have no registration left (polling: the handler runs on whichever thread ended the stream).
  func unregistered() async -> Bool {
    await eventually { [ticker] in ticker.activeRegistrations == 0 }
  }

  @Test("The ticker is registered with when the stream is created, and this symbol's prices arrive in order")
  func pricesArrive() async throws {
    // With the pool held, a `Task` that would register later cannot have run yet.
    let (stream, registeredWhenCreated, madeWhenCreated) = await withCooperativePoolHeld { [ticker] in
      (prices(of: "ACME", ticker: ticker), ticker.activeRegistrations, ticker.registrationsMade)
    }
    if madeWhenCreated > 0, registeredWhenCreated == 0 {
      // Registered, and let go before the stream was even returned: no price can arrive, and saying
      // so as well would be a second sentence about the same cause.
      Issue.record(Comment(rawValue: Self.unregisteredAtOnce))
      return
    }
    #expect(
      registeredWhenCreated == 1,
      "Register with the source when the stream is created, in the builder closure: when prices(of:ticker:) returned, the ticker had \(registeredWhenCreated) registrations. [register-in-task]"
    )
    for price in [1.0, 2.0, 3.0] { ticker.publish(price, for: "ACME") }
    ticker.publish(99, for: "OTHER")
    guard
      let received = try await withDeadline(
        "the for-await loop over prices(of:ticker:)", ifHung: Self.noPriceArrived,
        operation: {
          var received: [Double] = []
          for await price in stream {
            received.append(price)
            if received.count == 3 { break }
          }
          return received
        })
    else { return }
    #expect(
      received == [1, 2, 3],
      "Yield only what this stream asked for, this symbol's prices as the ticker pushes them: for ACME's 1, 2 and 3 (and OTHER's 99), the consumer read \(received). [placeholder-price]"
    )
  }

  @Test("Breaking out of the loop (and letting the stream go) unregisters the observer")
  func breakUnregisters() async throws {
    let reached = try await withDeadline("the for-await loop over prices(of:ticker:)", ifHung: Self.noPriceArrived) {
      [ticker] in
      let stream = prices(of: "ACME", ticker: ticker)
      // Registered and let go at once: no price can arrive, for the reason the first test names.
      if Self.droppedAtOnce(ticker) { return false }
      ticker.publish(1, for: "ACME")
      for await _ in stream { break }
      return true
    }  // the stream's last reference goes away here, which terminates it
    guard let reached else { return }
    guard reached else {
      Issue.record(Comment(rawValue: Self.unregisteredAtOnce))
      return
    }
    #expect(
      await unregistered(),
      "The consumer broke out of its loop and let the stream go, but the ticker still pushes to it: unregister in `onTermination`, which runs when the consumer breaks, is cancelled, or the stream is released. [no-on-termination]"
    )
  }

  @Test("Cancelling the consumer's task unregisters the observer")
  func cancelUnregisters() async throws {
    let stream = prices(of: "ACME", ticker: ticker)
    let received = EventRecorder()
    let consumer = Task {
      for await price in stream { received.record("\(price)") }
    }
    ticker.publish(1, for: "ACME")
    _ = await received.wait(for: 1)  // the consumer is iterating: cancel it mid-loop
    consumer.cancel()
    let ended: Void? = try await withDeadline(
      "the cancelled consumer's for-await loop",
      ifHung:
        "The consumer's task was cancelled, but its for-await loop never ended: a stream's iteration must end when its task is cancelled, as AsyncStream's does; a next() that awaits something cancellation cannot reach waits for ever. [no-on-termination]"
    ) { await consumer.value }
    guard ended != nil else { return }
    #expect(
      await unregistered(),
      "The consumer's task was cancelled, but the ticker still pushes to the stream: unregister in `onTermination`, which runs on a cancel too. [no-on-termination]"
    )
  }

  @Test("A stream that is dropped without being consumed unregisters too")
  func droppedStreamUnregisters() async {
    do {
      _ = prices(of: "ACME", ticker: ticker)
    }
    #expect(
      await unregistered(),
      "A stream nobody consumed was released, but its registration is still with the ticker: `onTermination` runs when a stream is released, so unregister there, and set it in the builder closure, with the registration: a `Task` that registers or sets it later can find the stream already released. [no-on-termination] [register-in-task]"
    )
  }
}
