// Wrong answer to exercise 4.4 · ui-newest-zero
// Mistake: "A label shows live prices only; anything published while it was busy is already
//   stale, so it buffers nothing."
// Anti-pattern: ui-unbounded
// Failure says: The price label, reading late, found nothing to read

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // A label shows live prices: nothing stale is kept.
  AsyncStream(bufferingPolicy: .bufferingNewest(0)) { continuation in
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
