// Wrong answer to exercise 4.2 · no-on-termination
// Mistake: "The stream yields every price, which is what the screen needs; when the screen goes
//   away, its loop ends and that is the end of it."
// Anti-pattern: no-on-termination
// Failure says: The consumer broke out of its loop and let the stream go, but the ticker still pushes to it

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    _ = ticker.register(symbol: symbol) { continuation.yield($0) }
  }
}
