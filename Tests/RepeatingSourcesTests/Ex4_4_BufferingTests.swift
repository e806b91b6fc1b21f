import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import Testing

@Suite("4.4 Buffering: the newest value, or every value", .exercise("4.4"))
struct Ex4_4_BufferingTests {
  let ticker = StockTicker()
  /// How many prices a slow consumer falls behind by: more than any buffer a learner would call "big enough".
  static let backlog = 1000

  /// Publishes 1...backlog while nobody reads, then reads until `enough` holds, or the stream has nothing more.
  ///
  /// Returns what was read, and whether the loop hung waiting for a value that never came.
  func slowConsumer(
    of stream: AsyncStream<Double>, until enough: @escaping @Sendable ([Double]) -> Bool
  ) async throws -> (read: [Double], hung: Bool) {
    for price in 1...Self.backlog { ticker.publish(Double(price), for: "ACME") }
    await ticker.flush()  // every price has been yielded before the consumer reads anything
    let read = Locked<[Double]>([])
    do {
      try await withDeadline("reading the stream") {
        for await price in stream {
          read.withLock { $0.append(price) }
          if enough(read.withLock { $0 }) { break }
        }
      }
      return (read.withLock { $0 }, false)
    } catch is DeadlineExceeded {
      return (read.withLock { $0 }, true)
    }
  }

  @Test("The price label, reading late, sees only the newest price: no backlog of stale ones")
  func uiSeesTheNewest() async throws {
    let stream = uiPrices(of: "ACME", ticker: ticker)
    let newest = Double(Self.backlog)
    // Up to two reads: the second tells a stream that kept the whole backlog from one that kept
    // only its oldest price, so the sentence names the buffer this code chose.
    let (read, hung) = try await slowConsumer(of: stream) { $0.last == newest || $0.count == 2 }
    guard read != [newest] else { return }
    let first = read.first.map { "\($0)" } ?? "nothing"
    if read.isEmpty {
      Issue.record(
        "The price label, reading late, found nothing to read: its stream kept none of the prices published while it was busy. A label needs the newest one: `.bufferingNewest(1)`. [ui-unbounded]"
      )
    } else if read.count == 1, hung {
      Issue.record(
        "The price label, reading late, must see the newest price: it read \(first), then nothing more, not \(newest). Its stream kept the oldest price and dropped every later one, as `.bufferingOldest` does; a label needs only the newest: `.bufferingNewest(1)`. [ui-unbounded]"
      )
    } else {
      Issue.record(
        "The price label, reading late, must see the newest price: it read \(first) first, not \(newest). Its stream kept old prices for it to work through, as an unbounded buffer (the default), or one that keeps the oldest, does; a label needs only the newest: `.bufferingNewest(1)`. [ui-unbounded]"
      )
    }
  }

  @Test("The audit trail, reading late, still gets every price, in order")
  func auditKeepsEverything() async throws {
    let stream = auditTrail(of: "ACME", ticker: ticker)
    let backlog = Self.backlog
    let (read, hung) = try await slowConsumer(of: stream) { $0.count == backlog }
    if read != (1...backlog).map(Double.init) {
      let waited = hung ? ", then waited for the rest" : ""
      Issue.record(
        "The audit trail, reading late, must still get every price, in order: it read \(read.count) of \(backlog)\(waited). Its stream dropped prices while the consumer was behind; an audit needs every value: `.unbounded`, never a newest- or oldest-only buffer. [audit-newest-bounded]"
      )
    }
  }

  @Test("Each call is a stream of its own: two consumers both get the price", arguments: ["uiPrices", "auditTrail"])
  func streamPerCall(name: String) async throws {
    let ticker = ticker
    let make = { name == "uiPrices" ? uiPrices(of: "ACME", ticker: ticker) : auditTrail(of: "ACME", ticker: ticker) }
    let (first, second) = (make(), make())
    ticker.publish(1, for: "ACME")
    await ticker.flush()
    let firstGotIt = Locked(false)
    let both = try? await withDeadline("reading one price from each of two \(name) streams") {
      var (one, other) = (first.makeAsyncIterator(), second.makeAsyncIterator())
      let price = await one.next()
      if price != nil { firstGotIt.withLock { $0 = true } }  // nil when the deadline's cancel ends its wait
      return [price, await other.next()]
    }
    // Compared outside #expect, so that the sentence is all the learner reads.
    if both == nil, !firstGotIt.withLock({ $0 }) {
      // The first got no price: what its stream keeps, not whether the two share one, is what failed.
      if name == "uiPrices" {
        Issue.record(
          "Two consumers of uiPrices did not both get the price (the first read nothing, then waited): its stream did not keep the price published before it was read. Keep it until it is read: a label needs `.bufferingNewest(1)`, never a buffer of none, and a stream built with a continuation, not a `next()` that waits for the ticker's next price. [ui-unbounded] [unfolding-audit]"
        )
      } else {
        Issue.record(
          "Two consumers of auditTrail did not both get the price (the first read nothing, then waited): its stream did not keep the price published before it was read. Keep it until it is read: an audit needs `.unbounded`, never a buffer of none, and a stream built with a continuation, not a `next()` that waits for the ticker's next price. [audit-newest-bounded] [unfolding-audit]"
        )
      }
    } else if both != [1, 1] {
      Issue.record(
        "Two consumers of \(name) did not both get the price (they read \(both.map { "\($0)" } ?? "one between them, then waited")): each call must return a stream of its own, registered in its own builder, never one kept and handed out again. [cached-label-stream]"
      )
    }
  }

  @Test("Both streams unregister when their consumer stops", arguments: ["uiPrices", "auditTrail"])
  func unregisters(name: String) async throws {
    let stream = name == "uiPrices" ? uiPrices(of: "ACME", ticker: ticker) : auditTrail(of: "ACME", ticker: ticker)
    let received = EventRecorder()
    let watch = SuspensionWatch()
    let consumer = Task(executorPreference: watch) {
      for await price in stream { received.record("\(price)") }
    }
    ticker.publish(1, for: "ACME")
    _ = await received.wait(for: 1)  // the consumer is iterating: cancel it mid-loop,
    _ = await eventually { watch.isSuspended }  // while it waits in next(), not on its way there
    consumer.cancel()
    let ended: Void? = try await withDeadline(
      "the cancelled consumer's for-await loop over \(name)",
      ifHung:
        "The consumer's task was cancelled, but its for-await loop over \(name) never ended: a stream's iteration must end when its task is cancelled, as AsyncStream's does; a next() that awaits something cancellation cannot reach waits for ever. [unfolding-audit]"
    ) { await consumer.value }
    guard ended != nil else { return }
    let unregistered = await eventually { [ticker] in ticker.activeRegistrations == 0 }
    #expect(
      unregistered,
      "Both streams still unregister in `onTermination`: \(name)'s consumer was cancelled, and its registration is still with the ticker. [ui-no-unregister]"
    )
  }

  // A stream's `onTermination` runs when its consumer's task is cancelled, and also when the last
  // reference to the stream goes: after a loop that breaks, or for a stream nobody read. An
  // unfolding stream's `onCancel` hears only the first, so both of these are asked separately.
  @Test(
    "Both streams unregister when their consumer breaks out of its loop, or lets the stream go unread",
    arguments: ["uiPrices", "auditTrail"], ["breaks", "unread"])
  func unregistersWhenLetGo(name: String, way: String) async throws {
    let ticker = self.ticker
    @Sendable func make() -> AsyncStream<Double> {
      name == "uiPrices" ? uiPrices(of: "ACME", ticker: ticker) : auditTrail(of: "ACME", ticker: ticker)
    }
    if way == "unread" {
      _ = make()
    } else {
      // A price every 10 ms, whatever the stream buffers, until the loop has read one and broken out.
      let publisher = Task {
        while !Task.isCancelled {
          ticker.publish(1, for: "ACME")
          try? await Task.sleep(for: .milliseconds(10))
        }
      }
      defer { publisher.cancel() }
      let ended: Void? = try await withDeadline("a for-await loop over \(name) that breaks after its first price") {
        for await _ in make() { break }
      }
      guard ended != nil else { return }
    }
    let unregistered = await eventually { [ticker] in ticker.activeRegistrations == 0 }
    let how =
      way == "unread" ? "was made and let go unread" : "was read by a loop that broke out after its first price"
    #expect(
      unregistered,
      "\(name)'s stream \(how), and its registration is still with the ticker: unregister in `onTermination`, which runs once the last reference to the stream is gone, as well as on a cancel (the `onCancel` of `AsyncStream(unfolding:)` hears only a cancel). [ui-no-unregister]"
    )
  }
}
