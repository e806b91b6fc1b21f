// Wrong answer to exercise 4.2 · unfolding-waits
// Mistake: "`AsyncStream(unfolding:onCancel:)` pulls one price at a time and says when to clean up:
//   each `next()` waits for the ticker's next price, and a cancel unregisters."
// Anti-pattern: no-on-termination
// Failure says: The consumer broke out of its loop and let the stream go, but the ticker still pushes to it
// Also says: its for-await loop never ended

import LegacyKit
import Locking

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  let prices = PendingPrices()
  let token = ticker.register(symbol: symbol) { prices.push($0) }
  return AsyncStream(unfolding: { await prices.next() }, onCancel: { ticker.unregister(token) })
}

/// Prices that arrived, and the one reader waiting for the next.
final class PendingPrices: Sendable {
  private let state = Locked<(queued: [Double], waiting: CheckedContinuation<Double?, Never>?)>(([], nil))

  func push(_ price: Double) {
    let reader = state.withLock { state -> CheckedContinuation<Double?, Never>? in
      guard let waiting = state.waiting else {
        state.queued.append(price)
        return nil
      }
      state.waiting = nil
      return waiting
    }
    reader?.resume(returning: price)
  }

  func next() async -> Double? {
    await withCheckedContinuation { continuation in
      let ready = state.withLock { state -> Double? in
        guard !state.queued.isEmpty else {
          state.waiting = continuation
          return nil
        }
        return state.queued.removeFirst()
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
