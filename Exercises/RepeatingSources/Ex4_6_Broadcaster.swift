// Exercise 4.6 · Many listeners: a broadcaster
// Grade 4 (interview-hard) · Lesson: Docs/04-repeating-sources.md#many-listeners
// Check it: swift run course check 4.6   (or: swift test --filter RepeatingSourcesTests.Ex4_6_BroadcasterTests)
//
// An `AsyncStream` has one consumer. Several screens want the same symbol's prices.
// Build the broadcaster that gives each subscriber its own stream:
//   - every subscriber gets every price published after `subscribe()` returns, in
//     order; [shared-stream] [task-per-yield]
//   - a subscriber that stops is removed: once its task is cancelled, or its stream released
//     (a loop that breaks while its stream is still held tells the stream nothing, so that
//     subscriber may stay listed until the stream goes); [never-removes]
//   - the broadcaster is registered with the ticker, once for all, while it has subscribers,
//     and unregistered after the last one leaves; [register-per-subscriber] [stale-registration]
//   - subscribing and cancelling from many tasks at once loses nothing and leaks
//     nothing; [strong-listener]
//   - subscribing, leaving and counting the subscribers on several threads at once
//     is free of data races; [unlocked-subscribers]
//   - a broadcaster nobody holds goes away, even while a subscriber still holds its
//     stream; [strong-listener]
//   - a broadcaster that goes away ends every subscriber's stream and unregisters. [no-deinit]

import CourseCatalog
import LegacyKit
import Locking

/// Shares one ticker registration among any number of subscribers.
public final class PriceBroadcaster: Sendable {
  /// The source.
  public let ticker: StockTicker
  /// The symbol it broadcasts.
  public let symbol: String

  /// A broadcaster of `symbol`'s prices from `ticker`.
  public init(ticker: StockTicker, symbol: String) {
    self.ticker = ticker
    self.symbol = symbol
  }

  /// A stream of its own for one subscriber.
  public func subscribe() -> AsyncStream<Double> {
    _ = NotStarted("4.6")  // Replace these two lines.
    return AsyncStream { $0.finish() }
  }

  /// How many subscribers are listening now.
  public var subscriberCount: Int {
    0  // Replace this line.
  }
}
