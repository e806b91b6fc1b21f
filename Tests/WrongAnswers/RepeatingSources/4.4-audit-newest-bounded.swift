// Wrong answer to exercise 4.4 · audit-newest-bounded
// Mistake: "The audit keeps every price, but memory must stay bounded: 500 newest prices is more
//   than it ever falls behind."
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
  // Plenty for an audit, and the memory stays bounded.
  AsyncStream(bufferingPolicy: .bufferingNewest(500)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
