// Wrong answer to exercise 4.6 · check-then-register
// Mistake: "The lock guards the dictionary; registering with the ticker is slow, so it happens outside the
//   lock, once the dictionary says this is the first subscriber."
// Anti-pattern: strong-listener
// Failure says: Decide under the lock: a second subscriber that came while the first was registering

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
    let isFirst = state.withLock { state in
      state.subscribers[id] = continuation
      return state.token == nil
    }
    if isFirst {  // register outside the lock: the ticker may be slow
      let token = ticker.register(symbol: symbol) { [weak self] price in self?.broadcast(price) }
      state.withLock { $0.token = token }
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
    for continuation in state.withLock({ Array($0.subscribers.values) }) { continuation.yield(price) }
  }

  private func remove(_ id: UUID) {
    let isLast = state.withLock { state in
      state.subscribers[id] = nil
      return state.subscribers.isEmpty
    }
    if isLast, let token = state.withLock({ $0.token }) {
      ticker.unregister(token)
      state.withLock { $0.token = nil }
    }
  }
}
