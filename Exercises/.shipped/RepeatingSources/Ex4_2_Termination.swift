// Exercise 4.2 · Termination: stop the source when the consumer stops
// Grade 2 (practice) · Lesson: Docs/04-repeating-sources.md#termination
// Check it: swift run course check 4.2   (or: swift test --filter RepeatingSourcesTests.Ex4_2_TerminationTests)
//
// `StockTicker` pushes prices to registered handlers until they are unregistered.
// Expose a symbol's prices as an `AsyncStream<Double>`. [placeholder-price]
// Register with the ticker when the stream is created, and keep the registration until the
// consumer stops. [register-in-task] [defer-unregister]
// When the consumer stops (it breaks out of its loop, or its task is cancelled), unregister
// from the ticker, so that nothing is left listening. [no-on-termination]
// A stream let go without being read unregisters too. [no-on-termination]

import CourseCatalog
import LegacyKit

/// Every price published for `symbol` from now on, until the consumer stops.
public func prices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  _ = NotStarted("4.2")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}
