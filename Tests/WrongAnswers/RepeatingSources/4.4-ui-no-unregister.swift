// Wrong answer to exercise 4.4 · ui-no-unregister
// Mistake: "The label lives as long as the app; only the audit trail, which stops and starts,
//   needs to unregister."
// Anti-pattern: ui-no-unregister
// Failure says: Both streams still unregister in `onTermination`: uiPrices's consumer was cancelled

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // A label shows only the newest price.
  AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    _ = token  // the label lives as long as the app
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
