import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_2_TerminationTests {
  @Test(
    "On tapes of every kind (no price, repeats, any order, other symbols' prices among them, bursts of up to 2,500) and symbols of any spelling, the consumer reads what the reference's does"
  )
  func generatedTapes() async {
    await Generated.expect(
      "prices(of:ticker:)", Gen.symbolTape(burstUpTo: 2500), trials: 30,
      describe: { "prices(of: \"\($0.symbol)\"), the ticker publishing \(Said.tape($0.quotes))" }
    ) { asked in
      let (symbol, tape) = (asked.symbol, asked.quotes)
      let owed = tape.filter { $0.symbol == symbol }.count
      let mine = await Self.read(tape, owed: owed) { RepeatingSources.prices(of: symbol, ticker: $0) }
      let reference = await Self.read(tape, owed: owed) { RepeatingSourcesReference.prices(of: symbol, ticker: $0) }
      guard mine != reference else { return nil }
      let said = reference.count <= 8 ? "\(reference)" : "\(Said.count(reference.count)) prices"
      return
        "For \"\(symbol)\", with the ticker publishing \(Said.tape(tape)), the consumer read \(Said.kept(mine, Kept.of(mine, from: reference), list: Said.progress)), where it reads \(said): yield only what this stream asked for, this symbol's prices as the ticker pushes them, every one, repeats too, for the symbol spelled as it was asked, which \"The ticker is registered with when the stream is created\" explains. [placeholder-price]"
    }
  }

  /// What a consumer reads from the stream `make` builds over a ticker of its own, once the ticker has
  /// published `tape`: it reads until it has `owed` prices, or nothing more comes.
  static func read(_ tape: [Quote], owed: Int, _ make: (StockTicker) -> AsyncStream<Double>) async -> [Double] {
    let ticker = StockTicker()
    let stream = make(ticker)
    for quote in tape { ticker.publish(quote.price, for: quote.symbol) }
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
