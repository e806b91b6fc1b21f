// Wrong answer to exercise 4.2 · placeholder-price
// Mistake: "The label should show something at once, so the stream starts with 0 until the first
//   real price arrives."
// Anti-pattern: placeholder-price
// Failure says: Yield only what this stream asked for, this symbol's prices as the ticker pushes them

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    continuation.yield(0)  // something to show until the first price
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { _ in ticker.unregister(token) }
  }
}
