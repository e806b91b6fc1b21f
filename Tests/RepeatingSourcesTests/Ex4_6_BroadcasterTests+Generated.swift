import CourseKit
import LegacyKit
import Locking
import RepeatingSources
import RepeatingSourcesReference
import Testing

// Names are qualified here: the exercise and its reference declare the same ones.
extension Ex4_6_BroadcasterTests {
  /// What a broadcaster's subscribers read, and what it and its ticker hold, once a script has run.
  struct Outcome: Sendable {
    /// Each subscriber still listening, by the order it joined in (1 is the first), with the prices it read.
    var prices: [Int: [Double]]
    /// Its `subscriberCount`.
    var count: Int
    /// The ticker's registrations.
    var registrations: Int
  }

  /// A broadcaster as the script drives it: subscribe, and count the subscribers.
  typealias Driven = (subscribe: @Sendable () -> AsyncStream<Double>, count: @Sendable () -> Int)

  @Test(
    "Subscribers joining and leaving in any order, with prices in between, read what the reference's read, and the counts and the registration match"
  )
  func generatedJoinsAndLeaves() async {
    await Generated.expect("PriceBroadcaster", Gen.broadcastSteps, trials: 60, describe: Self.said) { steps in
      let mine = await Self.run(steps) { ticker in
        let broadcaster = RepeatingSources.PriceBroadcaster(ticker: ticker, symbol: "ACME")
        return (broadcaster.subscribe, { broadcaster.subscriberCount })
      }
      let reference = await Self.run(steps) { ticker in
        let broadcaster = RepeatingSourcesReference.PriceBroadcaster(ticker: ticker, symbol: "ACME")
        return (broadcaster.subscribe, { broadcaster.subscriberCount })
      }
      return Self.difference(mine, reference)
    }
  }

  /// The sentence for how `mine` differs from `reference`, or `nil`.
  static func difference(_ mine: Outcome, _ reference: Outcome) -> String? {
    // The right subscribers, listening with no registration, lose every price: that is the cause.
    if reference.registrations == 1, mine.registrations == 0, mine.count == reference.count {
      return
        "\(reference.count) subscribers are listening, and the broadcaster is not registered with the ticker: it is registered while it has subscribers, so one that joins after the last had left registers again; forget the old registration when you unregister, which \"After the last subscriber left, the next one registers again\" explains. [stale-registration]"
    }
    for (number, expected) in reference.prices.sorted(by: { $0.key < $1.key }) {
      let read = mine.prices[number] ?? []
      guard read != expected else { continue }
      if read.sorted() == expected.sorted() {
        return
          "Subscriber \(number) read the prices out of order, \(read): yield each price to every subscriber directly, in the order the ticker delivers them, never from a `Task` per price, which \"Prices published back to back\" explains. [task-per-yield]"
      }
      return
        "Subscriber \(number) read \(read), where it gets every price published after it subscribed, in order, \(expected): every subscriber needs a stream of its own, fed every price, and a subscriber that joins after others left must not take the place of one still listening, which \"Two subscribers each get every price\" or \"A subscriber that stops is removed\" explains. [shared-stream]"
    }
    if mine.count != reference.count {
      return mine.count > reference.count
        ? "\(reference.count) subscribers are still listening, and subscriberCount is \(mine.count): a subscriber that stops is removed in its stream's `onTermination`, which \"A subscriber that stops is removed\" explains. [never-removes]"
        : "\(reference.count) subscribers are still listening, and subscriberCount is \(mine.count): every subscriber is counted until it stops, and one that joins after others left must not take the place of one still listening, which \"A subscriber that stops is removed\" explains. [shared-stream]"
    }
    guard mine.registrations != reference.registrations else { return nil }
    if reference.registrations == 0 {
      return
        "Every subscriber left, and \(mine.registrations) ticker registrations are left: unregister after the last subscriber leaves, which \"A subscriber that stops is removed\" explains. [register-per-subscriber] [never-removes]"
    }
    return
      "\(reference.count) subscribers are listening through \(mine.registrations) ticker registrations: share one registration among all subscribers, which \"Two subscribers each get every price\" explains. [register-per-subscriber]"
  }

  /// The steps in words: "subscriber 1 joins, price 1, subscriber 1 leaves, subscriber 2 joins".
  static func said(_ steps: [BroadcastStep]) -> String {
    var (joined, published, live, words) = (0, 0, [Int](), [String]())
    for step in steps {
      switch step {
      case .subscribe:
        joined += 1
        live.append(joined)
        words.append("subscriber \(joined) joins")
      case .publish:
        published += 1
        words.append("price \(Double(published)) is published")
      case .leave(let place):
        guard !live.isEmpty else { continue }
        words.append("subscriber \(live.remove(at: place % live.count)) leaves")
      }
    }
    return words.joined(separator: ", ")
  }

  /// Runs `steps` on the broadcaster `make` builds over a ticker of its own: each subscriber reads in a
  /// task of its own, and leaves by cancelling it; each price is delivered before the next step.
  static func run(_ steps: [BroadcastStep], _ make: (StockTicker) -> Driven) async -> Outcome {
    let ticker = StockTicker()
    let broadcaster = make(ticker)
    var live: [(number: Int, since: Int, reader: Task<Void, Never>, read: Locked<[Double]>)] = []
    var (joined, published) = (0, 0)
    for step in steps {
      switch step {
      case .subscribe:
        joined += 1
        let stream = broadcaster.subscribe()
        let read = Locked<[Double]>([])
        live.append(
          (joined, published, Task { for await price in stream { read.withLock { $0.append(price) } } }, read))
      case .publish:
        published += 1
        ticker.publish(Double(published), for: "ACME")
        await ticker.flush()
      case .leave(let place):
        guard !live.isEmpty else { continue }
        live.remove(at: place % live.count).reader.cancel()
        let listening = live.count
        // The last to leave lets the ticker go too, and a broadcaster may unregister just after the
        // count drops (outside its lock): wait for both, or a join that comes next meets a stale
        // registration a moment before it goes, and a right answer reads as two registrations.
        _ = await eventually(within: 0.1) {
          broadcaster.count() <= listening && (listening > 0 || ticker.activeRegistrations == 0)
        }
      }
    }
    // Every subscriber still listening has been handed the prices published since it joined; wait
    // until it has read that many (or more).
    let readers = live.map { (read: $0.read, owed: published - $0.since) }
    _ = await eventually(within: 0.2) { readers.allSatisfy { $0.read.withLock { $0.count } >= $0.owed } }
    let outcome = Outcome(
      prices: Dictionary(uniqueKeysWithValues: live.map { ($0.number, $0.read.withLock { $0 }) }),
      count: broadcaster.count(), registrations: ticker.activeRegistrations)
    for subscriber in live { subscriber.reader.cancel() }
    return outcome
  }
}
