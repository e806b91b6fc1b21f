import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_4_BufferingTests {
  @Test(
    "On prices of every kind published before anyone reads (none, one, repeats, any order, bursts of up to 2,500, backlogs past 10,000), both streams hand over what the reference's do"
  )
  func generatedBacklogs() async {
    await Generated.expect(
      "auditTrail(of:ticker:) and uiPrices(of:ticker:)", Gen.tickerBacklog(burstUpTo: 2500), trials: 30,
      describe: { "the ticker publishing \(Said.progress($0)) before anyone reads" }
    ) { prices in
      let audit = prices.count
      let mine = await Self.readLate(prices, owed: audit) { RepeatingSources.auditTrail(of: "ACME", ticker: $0) }
      let reference = await Self.readLate(prices, owed: audit) {
        RepeatingSourcesReference.auditTrail(of: "ACME", ticker: $0)
      }
      if let sentence = Self.auditDifference(prices, mine, reference) { return sentence }
      // The bursts of up to 2,500 show whether the label keeps only the newest; the longer backlogs are
      // the audit's, and reading them twice more would only slow the check.
      guard prices.count <= 2500 else { return nil }
      let label = prices.isEmpty ? 0 : 1
      let shown = await Self.readLate(prices, owed: label) { RepeatingSources.uiPrices(of: "ACME", ticker: $0) }
      let newest = await Self.readLate(prices, owed: label) {
        RepeatingSourcesReference.uiPrices(of: "ACME", ticker: $0)
      }
      guard shown != newest else { return nil }
      return
        "The price label, reading once the ticker had published \(Said.progress(prices)), read \(Said.kept(shown, Kept.of(shown, from: prices), list: Said.progress)), where it sees only the newest price, \(newest): a label needs only the newest, `.bufferingNewest(1)`, which \"The price label, reading late\" explains. [ui-unbounded]"
    }
  }

  /// How the audit trail the learner's code made differs from the reference's, in a sentence.
  static func auditDifference(_ prices: [Double], _ mine: [Double], _ reference: [Double]) -> String? {
    let published = prices.count <= 8 ? Said.progress(prices) : "\(Said.count(prices.count)) prices"
    switch Kept.of(mine, from: reference) {
    case .all: return nil
    case .reordered, .other:
      return
        "The ticker published \(published) before the audit trail read, and it read \(Said.kept(mine, .other, list: Said.progress)): it records every price, in order, once, repeats too, which \"The audit trail, reading late\" explains. [audit-newest-bounded]"
    case let kept:
      // Prices dropped by their value, not by a buffer: zero and below are prices too.
      let missing = reference.filter { !mine.contains($0) }
      if !missing.isEmpty, missing.allSatisfy({ $0 <= 0 }), !mine.contains(where: { $0 <= 0 }) {
        return
          "The ticker published \(published) before the audit trail read, and it read \(Said.kept(mine, kept, list: Said.progress)), without \(Said.progress(missing)): it records every price, whatever its value, zero and below too, which \"The audit trail, reading late\" explains. [audit-newest-bounded]"
      }
      return
        "The ticker published \(published) before the audit trail read, and it read \(Said.kept(mine, kept, list: Said.progress)): an audit needs every price, however far behind it falls, so `.unbounded`, never a newest- or oldest-only buffer, however large, which \"The audit trail, reading late\" explains. [audit-newest-bounded]"
    }
  }

  /// What a consumer reads from the stream `make` builds over a ticker of its own that published
  /// `prices` before the consumer started: it reads until it has `owed` of them, or nothing more comes.
  static func readLate(_ prices: [Double], owed: Int, _ make: (StockTicker) -> AsyncStream<Double>) async -> [Double] {
    let ticker = StockTicker()
    let stream = make(ticker)
    for price in prices { ticker.publish(price, for: "ACME") }
    await ticker.flush()  // every price has been yielded before the consumer reads anything
    let read = Locked<[Double]>([])
    // Every price is in the stream's buffer already: once the reader is parked in `next()`, it has
    // read all there is, so what it read does not depend on how busy the machine is.
    // A task does not keep its executor alive, and a cancelled reader still runs a job on it.
    let watch = Unmanaged.passRetained(SuspensionWatch()).takeUnretainedValue()
    let reader = Task(executorPreference: watch) { for await price in stream { read.withLock { $0.append(price) } } }
    _ = await watch.parked()
    defer { reader.cancel() }
    return read.withLock { $0 }
  }
}
