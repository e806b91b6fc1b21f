// Wrong answer to exercise 4.2 · register-in-task
// Mistake: "Registering may be slow in a real SDK; do it in a Task, so that creating the stream
//   never blocks the caller."
// Anti-pattern: register-in-task
// Failure says: Register with the source when the stream is created, in the builder closure

import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  AsyncStream { continuation in
    Task {
      let token = ticker.register(symbol: symbol) { continuation.yield($0) }
      continuation.onTermination = { _ in ticker.unregister(token) }
    }
  }
}
