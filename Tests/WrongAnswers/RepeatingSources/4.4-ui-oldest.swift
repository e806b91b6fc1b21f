// Wrong answer to exercise 4.4 · ui-oldest
// Mistake: "The label needs one value at a time, so a buffer of one; the audit keeps everything."
// Anti-pattern: ui-unbounded
// Failure says: The price label, reading late, must see the newest price

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // A label shows one value: a buffer of one.
  AsyncStream(bufferingPolicy: .bufferingOldest(1)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}

/// Prices for an audit trail that keeps every one.
public func auditTrail(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // An audit keeps every price.
  AsyncStream(bufferingPolicy: .unbounded) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
