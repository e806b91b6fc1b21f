// Exercise 4.4 · Buffering: the newest value, or every value · solution

import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // A label shows one number: a slow screen should jump to the newest, never replay stale ones,
  // and the buffer must not grow while the screen is busy.
  AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}

/// Prices for an audit trail that keeps every one.
public func auditTrail(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  // An audit must not lose a value, so it buffers without bound; the price of that is memory
  // while the consumer is behind, which is why it is a choice, not the default for everything.
  AsyncStream(bufferingPolicy: .unbounded) { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
