// Wrong answer to exercise 4.4 · ui-unbounded
// Mistake: "Both streams must not lose a price: the label shows whatever comes, so both keep
//   everything."
// Anti-pattern: ui-unbounded
// Failure says: The price label, reading late, must see the newest price

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // The label shows every price; keeping them all is the safe choice.
  AsyncStream(bufferingPolicy: .unbounded) { continuation in
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
