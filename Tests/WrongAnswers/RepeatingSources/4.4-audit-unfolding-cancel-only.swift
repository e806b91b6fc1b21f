// Wrong answer to exercise 4.4 · audit-unfolding-cancel-only
// Mistake: "An audit trail must keep every price, so pull them one at a time with
//   `AsyncStream(unfolding:onCancel:)` from a queue of my own; a `next()` that ends when its task is
//   cancelled, and an `onCancel` that unregisters, cover a consumer that stops."
// Anti-pattern: ui-no-unregister
// Failure says: and its registration is still with the ticker: unregister in `onTermination`, which runs once the
//   last reference to the stream is gone

import LegacyKit
import Locking

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
  // One price per `next()`, from a queue that keeps every one: nothing is dropped, a cancel ends
  // the wait for the next price, and the cancel handler unregisters.
  let pending = PendingPrices()
  let token = ticker.register(symbol: symbol) { pending.push($0) }
  return AsyncStream(unfolding: { await pending.next() }, onCancel: { ticker.unregister(token) })
}

/// Prices that arrived, and the one reader waiting for the next.
final class PendingPrices: Sendable {
  private let state = Locked<(queued: [Double], cancelled: Bool, waiting: CheckedContinuation<Double?, Never>?)>(
    ([], false, nil))

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
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let ready = state.withLock { state -> Double?? in
          if state.cancelled { return .some(nil) }
          guard !state.queued.isEmpty else {
            state.waiting = continuation
            return nil
          }
          return state.queued.removeFirst()
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      // A cancelled reader ends its wait with the end of the stream.
      let reader = state.withLock { state -> CheckedContinuation<Double?, Never>? in
        state.cancelled = true
        defer { state.waiting = nil }
        return state.waiting
      }
      reader?.resume(returning: nil)
    }
  }
}
