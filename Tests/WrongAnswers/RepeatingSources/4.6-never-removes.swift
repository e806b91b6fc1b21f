// Wrong answer to exercise 4.6 · never-removes
// Mistake: "Each subscriber gets its own stream, and the registration is shared; when a screen
//   stops
//   reading, its stream simply goes quiet."
// Anti-pattern: never-removes
// Failure says: A subscriber that stops is removed in its stream's `onTermination`: one of two left

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
    return stream
  }

  deinit {
    // Nobody can subscribe any more: end every subscriber's stream, so their loops end too, and let
    // the ticker go.
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
    for continuation in state.withLock({ Array($0.subscribers.values) }) { continuation.yield(price) }
  }
}
