// Wrong answer to exercise 4.6 · register-per-subscriber
// Mistake: "Each subscriber registers its own handler with the ticker and unregisters it when it
//   leaves:
//   simpler than sharing one, and nothing leaks."
// Anti-pattern: register-per-subscriber
// Failure says: Share one ticker registration among all subscribers

import Foundation
import LegacyKit
import Locking

/// Shares one ticker registration among any number of subscribers.
public final class PriceBroadcaster: Sendable {
  /// The source.
  public let ticker: StockTicker
  /// The symbol it broadcasts.
  public let symbol: String

  private let state = Locked([UUID: AsyncStream<Double>.Continuation]())

  /// A broadcaster of `symbol`'s prices from `ticker`.
  public init(ticker: StockTicker, symbol: String) {
    self.ticker = ticker
    self.symbol = symbol
  }

  /// A stream of its own for one subscriber.
  public func subscribe() -> AsyncStream<Double> {
    let (stream, continuation) = AsyncStream.makeStream(of: Double.self)
    let id = UUID()
    state.withLock { $0[id] = continuation }
    let token = ticker.register(symbol: symbol) { price in continuation.yield(price) }
    continuation.onTermination = { [weak self, ticker] _ in
      ticker.unregister(token)
      self?.remove(id)
    }
    return stream
  }

  deinit {
    // Nobody can subscribe any more: end every subscriber's stream, so their loops end too. Each
    // one's `onTermination` then unregisters its own handler.
    for continuation in state.withLock({ Array($0.values) }) { continuation.finish() }
  }

  /// How many subscribers are listening now.
  public var subscriberCount: Int {
    state.withLock { $0.count }
  }

  private func remove(_ id: UUID) {
    state.withLock { $0[id] = nil }
  }
}
