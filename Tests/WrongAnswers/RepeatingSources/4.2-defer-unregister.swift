// Wrong answer to exercise 4.2 · defer-unregister
// Mistake: "Cleanup goes in a `defer`, next to the registration, so it can never be forgotten."
// Anti-pattern: defer-unregister
// Failure says: a `defer` in the builder closure runs when the builder returns, not when the consumer stops

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    defer { ticker.unregister(token) }  // registered and unregistered side by side: nothing is left behind
    continuation.onTermination = { _ in continuation.finish() }
  }
}
