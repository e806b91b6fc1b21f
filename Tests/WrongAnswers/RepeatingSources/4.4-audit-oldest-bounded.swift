// Wrong answer to exercise 4.4 · audit-oldest-bounded
// Mistake: "An audit must not skip ahead, so it keeps the oldest prices first, with a cap so that
//   memory stays bounded."
// Anti-pattern: audit-newest-bounded
// Failure says: The audit trail, reading late, must still get every price, in order

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // A label shows only the newest price.
  AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}

/// Prices for an audit trail that keeps every one.
public func auditTrail(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // Oldest first, in order, and bounded.
  AsyncStream(bufferingPolicy: .bufferingOldest(100)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
