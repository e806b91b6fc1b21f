// Wrong answer to exercise 4.2 · unregister-when-finished
// Mistake: "Unregister when the stream is finished; a cancelled stream is the consumer's business,
//   and it may come back."
// Anti-pattern: no-on-termination
// Failure says: The consumer broke out of its loop and let the stream go, but the ticker still pushes to it
// Also says: The consumer's task was cancelled, but the ticker still pushes to the stream

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    let token = ticker.register(symbol: symbol) { continuation.yield($0) }
    continuation.onTermination = { termination in
      if case .finished = termination { ticker.unregister(token) }
    }
  }
}
