// Wrong answer to exercise 4.4 · cached-label-stream
// Mistake: "A SwiftUI label calls uiPrices every time its body is evaluated, and only ever needs the newest price, so I build its stream once per ticker and symbol and hand the same one back on every redraw instead of registering again each time."
// Anti-pattern: cached-label-stream
// Failure says: did not both get the price

import Foundation
import LegacyKit

/// The label's stream for each ticker and symbol, made once and handed to every caller.
private final class LabelStreamCache: @unchecked Sendable {
  private struct Key: Hashable {
    let ticker: ObjectIdentifier
    let symbol: String
  }

  // `streams` is read and written only while `lock` is held.
  private let lock = NSLock()
  private var streams: [Key: AsyncStream<Double>] = [:]

  func stream(
    ticker: StockTicker, symbol: String, make: () -> AsyncStream<Double>
  ) -> AsyncStream<Double> {
    let key = Key(ticker: ObjectIdentifier(ticker), symbol: symbol)
    lock.lock()
    defer { lock.unlock() }
    if let cached = streams[key] { return cached }
    let stream = make()
    streams[key] = stream
    return stream
  }

  func forget(ticker: StockTicker, symbol: String) {
    let key = Key(ticker: ObjectIdentifier(ticker), symbol: symbol)
    lock.lock()
    let forgotten = streams.removeValue(forKey: key)
    lock.unlock()
    _ = forgotten  // released outside the lock
  }
}

private let labelStreams = LabelStreamCache()

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  labelStreams.stream(ticker: ticker, symbol: symbol) {
    // The label shows one price: a busy screen must jump to the newest, never work through stale
    // ones, and a stalled screen must not pile prices up. Keep only the latest.
    AsyncStream<Double>(bufferingPolicy: .bufferingNewest(1)) { continuation in
      let token = ticker.register(symbol: symbol) { price in continuation.yield(price) }
      continuation.onTermination = { _ in
        ticker.unregister(token)
        labelStreams.forget(ticker: ticker, symbol: symbol)
      }
    }
  }
}

/// Prices for an audit trail that keeps every one.
public func auditTrail(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // Compliance: a missing price is a missing record, so keep every one, in order, and accept the
  // memory the backlog costs while the log is behind.
  AsyncStream<Double>(bufferingPolicy: .unbounded) { continuation in
    let token = ticker.register(symbol: symbol) { price in continuation.yield(price) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
