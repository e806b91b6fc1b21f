// Exercise 4.4 · Buffering: the newest value, or every value
// Grade 3 (challenge) · Lesson: Docs/04-repeating-sources.md#buffering
// Check it: swift run course check 4.4   (or: swift test --filter RepeatingSourcesTests.Ex4_4_BufferingTests)
//
// Two consumers of the same ticker, with different needs, and a consumer that is
// sometimes slower than the source:
//   - `uiPrices`: a price label. It only ever shows the newest price; a slow screen
//     must never work through a backlog of stale ones. [ui-unbounded]
//   - `auditTrail`: a compliance log. It must record every price, in order, however
//     far behind it falls. [audit-newest-bounded]
// Choose each stream's buffering policy; the lesson asks you to justify the
// choice. [ui-unbounded] [audit-newest-bounded]
// Each call returns a stream of its own, which unregisters when its consumer stops
// or lets it go. [cached-label-stream] [ui-no-unregister]
// Each stream keeps a price published before its consumer reads it, and its consumer's
// loop ends when its task is cancelled. [unfolding-audit]

import CourseCatalog
import LegacyKit

/// Prices for a label that shows the newest one.
public func uiPrices(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  _ = NotStarted("4.4", "uiPrices(of:ticker:)")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}

/// Prices for an audit trail that keeps every one.
public func auditTrail(of symbol: String, ticker: StockTicker) -> AsyncStream<Double> {
  _ = NotStarted("4.4", "auditTrail(of:ticker:)")  // Replace these two lines.
  return AsyncStream { $0.finish() }
}
