// Wrong answer to exercise 4.6 · shared-stream
// Mistake: "One registration, one stream: every screen that subscribes gets the same stream and
//   loops over it."
// Anti-pattern: shared-stream
// Failure says: every subscriber needs its own stream, fed every price

import LegacyKit
import Locking

/// Shares one ticker registration among any number of subscribers.
public final class PriceBroadcaster: Sendable {
  /// The source.
  public let ticker: StockTicker
  /// The symbol it broadcasts.
  public let symbol: String

  private let prices: AsyncStream<Double>
  private let continuation: AsyncStream<Double>.Continuation
  private let token: StockTicker.Token
  private let subscribers = Locked(0)

  /// A broadcaster of `symbol`'s prices from `ticker`.
  public init(ticker: StockTicker, symbol: String) {
    self.ticker = ticker
    self.symbol = symbol
    let (prices, continuation) = AsyncStream.makeStream(of: Double.self)
    self.prices = prices
    self.continuation = continuation
    token = ticker.register(symbol: symbol) { continuation.yield($0) }
  }

  /// A stream of its own for one subscriber.
  public func subscribe() -> AsyncStream<Double> {
    subscribers.withLock { $0 += 1 }
    return prices
  }

  /// How many subscribers are listening now.
  public var subscriberCount: Int {
    subscribers.withLock { $0 }
  }

  deinit {
    continuation.finish()  // the screens' loops end with the broadcaster
    ticker.unregister(token)
  }
}
