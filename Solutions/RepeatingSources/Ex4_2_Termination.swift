// Exercise 4.2 · Termination: stop the source when the consumer stops · solution

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    // Runs when the consumer breaks out, its task is cancelled, or the stream is dropped.
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
