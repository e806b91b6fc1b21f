// Wrong answer to exercise 4.6 · task-per-yield
// Mistake: "The ticker calls back on its own queue; a task per subscriber gets the price off it at once, and a slow subscriber holds up nobody."
// Anti-pattern: task-per-yield
// Failure says: never from a `Task` per price

import Foundation
import LegacyKit
import Locking

/// Shares one ticker registration among any number of subscribers.
public final class PriceBroadcaster: Sendable {
  /// The source.
  public let ticker: StockTicker
  /// The symbol it broadcasts.
  public let symbol: String

  private let state = Locked((token: StockTicker.Token?.none, subscribers: [UUID: AsyncStream<Double>.Continuation]()))

  /// A broadcaster of `symbol`'s prices from `ticker`.
  public init(ticker: StockTicker, symbol: String) {
    self.ticker = ticker
    self.symbol = symbol
  }

  /// A stream of its own for one subscriber.
  public func subscribe() -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    let id = UUID()
    state.withLock { state in
      state.subscribers[id] = continuation
      if state.token == nil {
        // Registered under the lock, so a subscriber leaving at the same moment cannot unregister
        // between our check and our registration. The ticker calls handlers without its own lock held.
        state.token = ticker.register(symbol: symbol) { [weak self] price in self?.broadcast(price) }
      }
    }
    continuation.onTermination = { [weak self] _ in self?.remove(id) }
    return stream
  }

  deinit {
    // Nobody can subscribe any more: end every subscriber's stream, so their loops end too, and let
    // the ticker go. Their `onTermination` finds `self` already gone, and does nothing.
    let (token, subscribers) = state.withLock { ($0.token, Array($0.subscribers.values)) }
    for continuation in subscribers { continuation.finish() }
    if let token { ticker.unregister(token) }
  }

  /// How many subscribers are listening now.
  public var subscriberCount: Int {
    state.withLock { $0.subscribers.count }
  }

  private func broadcast(_ price: Double) {
    // Yield outside the lock: a subscriber's termination handler takes the lock too.
    for continuation in state.withLock({ Array($0.subscribers.values) }) {
      Task { continuation.yield(price) }
    }
  }

  private func remove(_ id: UUID) {
    let token: StockTicker.Token? = state.withLock { state in
      state.subscribers[id] = nil
      guard state.subscribers.isEmpty else { return nil }
      defer { state.token = nil }
      return state.token
    }
    if let token { ticker.unregister(token) }
  }
}
