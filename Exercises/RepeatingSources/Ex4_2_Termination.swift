// Exercise 4.2 · Termination: stop the source when the consumer stops
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#termination
// Check it: swift run course check 4.2   (or: swift test --filter RepeatingSourcesTests.Ex4_2_TerminationTests)
//
// `StockTicker` pushes prices to registered handlers until they are unregistered.
// Expose a symbol's prices as an `AsyncStream<Double>`. When the consumer stops
// (it breaks out of its loop, or its task is cancelled), unregister from the ticker,
// so that nothing is left listening.

import CourseCatalog
import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  _ = NotStarted("4.2")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}
