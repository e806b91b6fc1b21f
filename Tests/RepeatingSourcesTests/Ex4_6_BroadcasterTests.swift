import CourseCatalog
import CourseKit
import Foundation
import LegacyKit
import Locking
import RepeatingSources
import Testing

@Suite("4.6 Many listeners: a broadcaster", .exercise("4.6"))
struct Ex4_6_BroadcasterTests {
  let ticker = StockTicker()

  /// Reads `count` prices from a subscriber's stream; on a hang, records what it read and `sentence`, and returns `nil`.
  func read(
    _ stream: AsyncStream<Double>, _ count: Int, ifHung sentence: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> [Double]? {
    let read = Locked<[Double]>([])
    do {
      return try await withDeadline("reading a subscriber's stream") {
        for await price in stream {
          read.withLock { $0.append(price) }
          if read.withLock({ $0.count }) == count { break }
        }
        return read.withLock { $0 }
      }
    } catch let error as DeadlineExceeded {
      let sofar = read.withLock { $0.count }
      Issue.record(
        Comment(
          rawValue: AntiPattern.adding(
            "(It read \(sofar) of \(count) prices, then waited: \(error.words))", to: sentence)),
        sourceLocation: sourceLocation)
      return nil
    }
  }

  func settle(_ broadcaster: PriceBroadcaster) async {
    _ = await eventually { [ticker] in broadcaster.subscriberCount == 0 && ticker.activeRegistrations == 0 }
  }

  @Test("Two subscribers each get every price published after they subscribed, in order")
  func everySubscriberGetsEverything() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    let first = broadcaster.subscribe()
    let second = broadcaster.subscribe()
    let kept = broadcaster.subscriberCount
    #expect(
      kept == 2,
      "Two subscribed, but subscriberCount is \(kept)\(kept < 2 ? ": every subscriber needs its own stream, fed every price, and a new subscriber must not take an earlier one's place" : ""). [shared-stream]"
    )
    #expect(
      ticker.activeRegistrations == 1,
      "Share one ticker registration among all subscribers: two subscribers made \(ticker.activeRegistrations) registrations. [register-per-subscriber]"
    )
    let count = 200
    for price in 1...count { ticker.publish(Double(price), for: "ACME") }  // a burst, with no gap
    let lost =
      "A subscriber did not get every price: every subscriber gets every price published after `subscribe()` returns, so every subscriber needs its own stream, fed every price."
    async let a = read(first, count, ifHung: "\(lost) [shared-stream]")
    async let b = read(second, count, ifHung: "\(lost) [shared-stream]")
    let expected = (1...count).map(Double.init)
    for (name, prices) in [("The first", try await a), ("The second", try await b)] {
      guard let prices, prices != expected else { continue }
      if prices.sorted() == expected {
        Issue.record(
          "\(name) subscriber read the prices out of order: yield each price to every subscriber directly, in the order the ticker delivers them, never from a `Task` per price. [task-per-yield]"
        )
      } else {
        Issue.record(
          "\(lost) \(name) subscriber read \(prices.count) prices, not the \(count) published, in order. [shared-stream]"
        )
      }
    }
  }

  @Test("Prices published back to back reach every subscriber in order, proved in a child process")
  func burstKeepsOrder() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let ticker = StockTicker()
          let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
          let streams = [broadcaster.subscribe(), broadcaster.subscribe()]
          let count = 200
          // Tasks on the pool may start in any order, as the language allows: every task started
          // while the burst is delivered starts newest first, so a task per price overtakes on
          // every run, however busy the machine, not only when the scheduler happens to.
          let delivered = DispatchSemaphore(value: 0)
          let end = ticker.register(symbol: "END") { _ in delivered.signal() }
          JobSwapping.reversingTasks {
            for price in 1...count { ticker.publish(Double(price), for: "ACME") }
            ticker.publish(0, for: "END")  // delivered after every price, from the same queue
            _ = delivered.wait(timeout: .now() + Deadline.scaled(4))  // at once, unless the handler blocks
          }
          ticker.unregister(end)
          for (name, stream) in zip(["first", "second"], streams) {
            let prices = try? await withDeadline("reading the \(name) subscriber's stream") {
              var prices: [Double] = []
              for await price in stream {
                prices.append(price)
                if prices.count == count { break }
              }
              return prices
            }
            guard let prices else {
              throw ResumeProbe.ProbeFailure(
                "the \(name) subscriber never got all \(count) prices published back to back: feed every subscriber's stream every price. [shared-stream]"
              )
            }
            let inversions = zip(prices, prices.dropFirst()).filter { $0 > $1 }.count
            guard inversions == 0 else {
              throw ResumeProbe.ProbeFailure(
                "the \(name) subscriber read \(count) prices published back to back out of order (\(inversions) times): yield to each subscriber directly from the ticker's callback, never from a `Task` per price. [task-per-yield]"
              )
            }
          }
          withExtendedLifetime(broadcaster) {}
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "PriceBroadcaster over 200 prices back to back")
  }

  @Test("A subscriber that comes while the first is registering with the ticker shares its registration")
  func subscriberWhileRegistering() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    let second = Locked<AsyncStream<Double>?>(nil)
    let acted = Locked(false)
    // Inside the first registration, another screen subscribes from another thread. A broadcaster
    // that decides under its lock holds it off until the first registration is stored, so the hook
    // waits for it a while, never for ever.
    ticker.whileRegistering = { _ in
      let first = acted.withLock { acted in
        defer { acted = true }
        return !acted
      }
      guard first else { return }
      let subscribed = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        let stream = broadcaster.subscribe()
        second.withLock { $0 = stream }
        subscribed.signal()
      }
      // Unscaled: the solution passes however long this is, and under the sanitizer's time scale a
      // scaled wait would cost every run ten seconds for nothing.
      _ = subscribed.wait(timeout: .now() + Deadline.standard)
    }
    let first = broadcaster.subscribe()
    _ = await eventually { second.withLock { $0 != nil } }
    ticker.whileRegistering = nil
    let registrations = ticker.activeRegistrations
    #expect(
      registrations == 1,
      "Decide under the lock: a second subscriber that came while the first was registering with the ticker left \(registrations) registrations, not one. Ask \"am I first?\" and register in one step, under the lock, for the first subscriber only: every later one shares its registration, never makes one of its own. [strong-listener] [register-per-subscriber]"
    )
    // Registered once for all: a second registration that was let go again still had the ticker call two
    // handlers for one broadcaster while both were registered.
    let made = ticker.registrationsMade
    if registrations == 1, made != 1 {
      Issue.record(
        "Decide under the lock: a second subscriber that came while the first was registering with the ticker made a registration of its own and then let one go (\(made) registrations made for one broadcaster), so for a while the ticker called two handlers for it. Ask \"am I first?\" and register in one step, under the lock, for the first subscriber only: every later one shares its registration, never makes one of its own. [register-per-subscriber]"
      )
    }
    withExtendedLifetime((first, second)) {}
  }

  @Test("A subscriber that stops is removed; the others keep receiving; after the last, the ticker is released")
  func stoppingSubscribersAreRemoved() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    do {
      let staying = broadcaster.subscribe()
      do {
        let leaving = broadcaster.subscribe()
        ticker.publish(1, for: "ACME")
        let sentence =
          "A subscriber never got the price published after it subscribed: feed every subscriber's stream. [shared-stream]"
        guard try await read(leaving, 1, ifHung: sentence) != nil else { return }
      }  // the leaving subscriber's stream goes away here, which terminates it
      _ = await eventually { broadcaster.subscriberCount <= 1 }
      let listed = broadcaster.subscriberCount
      #expect(
        listed == 1,
        "A subscriber that stops is removed in its stream's `onTermination`: one of two left, and subscriberCount is \(listed)\(listed > 1 ? ". If subscribers share one stream, none can be removed: each needs a stream of its own" : listed < 1 ? ": the one that stayed is gone too. Remove only the subscriber that stopped, and never let a new subscriber take an earlier one's place" : ""). [never-removes] [shared-stream]"
      )
      ticker.publish(2, for: "ACME")
      let sentence =
        "After one subscriber left, the one that stayed stopped receiving: remove only the subscriber that stopped; the others keep receiving. [never-removes] [shared-stream]"
      guard let read = try await read(staying, 2, ifHung: sentence) else { return }
      #expect(
        read == [1, 2],
        "The subscriber that stayed read \(read), not [1.0, 2.0]. [shared-stream] [task-per-yield]")
    }  // and the last one goes away here
    await settle(broadcaster)
    #expect(
      broadcaster.subscriberCount == 0 && ticker.activeRegistrations == 0,
      "After the last subscriber leaves, unregister from the ticker: \(broadcaster.subscriberCount) subscribers and \(ticker.activeRegistrations) ticker registrations are left. [register-per-subscriber] [never-removes]"
    )
  }

  @Test("After the last subscriber left, the next one registers again and gets the prices")
  func resubscribeAfterTheLast() async throws {
    let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
    do {
      let first = broadcaster.subscribe()
      ticker.publish(1, for: "ACME")
      let sentence =
        "A subscriber never got the price published after it subscribed: feed every subscriber's stream. [shared-stream]"
      guard try await read(first, 1, ifHung: sentence) != nil else { return }
    }  // the only subscriber goes away here
    await settle(broadcaster)
    let next = broadcaster.subscribe()
    let registrations = ticker.activeRegistrations
    guard registrations == 1 else {
      Issue.record(
        "After the last subscriber left, the next one must register with the ticker again: the broadcaster is registered while it has subscribers, and a subscriber that came after the last had left made \(registrations) registrations. Forget the old registration when you unregister. [stale-registration]"
      )
      return
    }
    ticker.publish(2, for: "ACME")
    let sentence =
      "A subscriber that came after the last had left never got a price: register with the ticker again for it, and feed its stream. [stale-registration]"
    guard let read = try await read(next, 1, ifHung: sentence) else { return }
    #expect(
      read == [2], "The subscriber that came after the last had left read \(read), not [2.0]. [stale-registration]")
  }

  @Test("Subscribing and cancelling from 200 tasks at once leaves no subscriber, no registration and no leak")
  func concurrentSubscribeAndCancel() async throws {
    let probe = LeakProbe()
    let subscribers = 200
    do {
      let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
      probe.track(broadcaster, "the broadcaster")
      // Under a deadline: a stream whose iteration ignores its task's cancel would hold the group for good.
      let ended: Void? = try await withDeadline(
        seconds: 5, "200 subscribers that subscribe and cancel at once",
        ifHung:
          "A subscriber's task was cancelled, but its for-await loop never ended: a stream's iteration must end when its task is cancelled, as AsyncStream's does. [ignores-cancel]"
      ) { [ticker] in
        await withTaskGroup(of: Void.self) { group in
          for index in 0..<subscribers {
            group.addTask {
              let stream = broadcaster.subscribe()
              let consumer = Task { for await _ in stream {} }
              if index.isMultiple(of: 3) { try? await Task.sleep(for: .milliseconds(1)) }
              consumer.cancel()
              _ = await consumer.value
            }
          }
          for price in 0..<50 { ticker.publish(Double(price), for: "ACME") }
        }
      }
      guard ended != nil else { return }
      await settle(broadcaster)
      let left = broadcaster.subscriberCount
      if left == subscribers {
        Issue.record(
          "All \(subscribers) subscribers are still listed after every one of them left: none was removed. A subscriber that stops is removed in its stream's `onTermination`. If subscribers share one stream, none can be: each needs a stream of its own. [never-removes] [shared-stream]"
        )
      } else if left > 0 {
        Issue.record(
          "\(left) of \(subscribers) subscribers are still listed after every one of them left, though the others were removed: removals were lost while others subscribed. Decide under the lock: add and remove in one `withLock` each. [strong-listener]"
        )
      }
      if left == 0, ticker.activeRegistrations > 0 {  // with subscribers left, a registration is expected
        Issue.record(
          "The ticker still has \(ticker.activeRegistrations) registrations after every subscriber left and was removed: register for the first subscriber and unregister after the last, deciding under the lock. [register-per-subscriber] [strong-listener]"
        )
      }
    }
    await probe.expectAllReleased(
      within: 1,
      "Capture the broadcaster weakly, in the ticker's handler and in every `onTermination`. [strong-listener]")
  }

  @Test(
    "Subscribers that come and go on one thread while another counts them share its state safely, proved in a child process"
  )
  func subscribersFromTwoThreads() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          let ticker = StockTicker()
          let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
          // Each round releases two threads together: one subscribes, publishes and drops its stream,
          // while the other counts the subscribers. Every round, the subscribers are written on one
          // thread and read on another at the same instant, and the thread sanitizer sees any access
          // that is not under a lock. One writer at a time: two would corrupt an unlocked dictionary,
          // and crash the child before the sanitizer could name the lines.
          for round in 0..<Ex4_6_BroadcasterTests.rounds {
            let gate = StartingGate(parties: 2)
            let done = Locked(0)
            gate.run {
              let stream = broadcaster.subscribe()
              ticker.publish(Double(round), for: "ACME")
              withExtendedLifetime(stream) {}
              done.withLock { $0 += 1 }
            }
            gate.run {
              for _ in 0..<3 { _ = broadcaster.subscriberCount }
              done.withLock { $0 += 1 }
            }
            _ = await eventually { done.withLock { $0 } == 2 }
          }
          _ = await eventually { broadcaster.subscriberCount == 0 }
          withExtendedLifetime(broadcaster) {}
        }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // Whether the two threads overlapped in the child depends on the machine; the race program's
    // verdict does not (see ``RaceProgram``), so it speaks whenever the child saw no other mistake.
    if ResumeProbe.verdict(of: child) == .exactlyOnce, !DataRace.sanitizerIsRunning,
      let program = await RaceProgram.run("4.6", driver: Self.raceDriver)
    {
      if let race = DataRace.report(inText: program.text) {
        Issue.record(Comment(rawValue: Self.raced(race)))
        return
      }
      if let broken = program.broken, !program.endedInOrder {
        Issue.record(
          "A subscriber that joined while the last one was leaving was left with \(broken) when \(program.order): the broadcaster decided whether to register or unregister in one lock section and acted in another, and the other subscriber's lock section came between them, which \"A subscriber that comes while the first is registering\" explains. Decide and register, or decide and take the token to unregister, in the lock section that adds or removes the subscriber. [stale-registration]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(child, "PriceBroadcaster, subscribed and left on two threads at once")
  }

  /// The sentence for a race the sanitizer saw on the broadcaster's state.
  static func raced(_ race: String) -> String {
    "A subscriber that came and went on one thread while another counted the subscribers raced on the broadcaster's state: \(race). Every read and every write of the subscribers goes under the broadcaster's lock, one `withLock` each. [unlocked-subscribers]"
  }

  /// The race program's `@main`: the last subscriber leaves on one thread while a new one joins and
  /// counts on another, one after the other in either order (for the sanitizer), then a lock
  /// section at a time in every order. Afterwards one subscriber is left, so the broadcaster must
  /// hold exactly one registration with the ticker.
  static let raceDriver = """
    import Foundation
    import LegacyKit

    /// A stream a body holds, behind the real lock (the harness stands in for the plain name).
    final class RaceDriverHeld: @unchecked Sendable {
      private let lock = Foundation.NSLock()
      private var stream: AsyncStream<Double>?
      init(_ stream: AsyncStream<Double>?) { self.stream = stream }
      func set(_ new: AsyncStream<Double>?) { lock.lock(); stream = new; lock.unlock() }
    }

    @main struct RaceDriver {
      static func main() async {
        let names = ["the last subscriber leaving", "a new subscriber joining"]
        await RaceHarness.everySchedule(names: names) { runner in
          let ticker = StockTicker()
          let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
          let leaving = RaceDriverHeld(broadcaster.subscribe())
          let joining = RaceDriverHeld(nil)
          runner.start([
            { leaving.set(nil) },
            {
              joining.set(broadcaster.subscribe())
              _ = broadcaster.subscriberCount
            },
          ])
          await runner.waitUntilFinished()
          let registrations = ticker.activeRegistrations
          let subscribers = broadcaster.subscriberCount
          if registrations != 1 || subscribers != 1 {
            print("RACE BROKE: \\(registrations) ticker registrations and \\(subscribers) subscribers listed, not one of each")
            exit(1)
          }
          withExtendedLifetime((leaving, joining)) {}
        }
      }
    }
    """

  /// How many pairs of threads the race test releases together.
  static let rounds = 50

  @Test("A broadcaster nobody holds is released, even while a subscriber still holds its stream")
  func releasedWhileSubscribed() async throws {
    let probe = LeakProbe()
    var stream: AsyncStream<Double>?
    do {
      let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
      probe.track(broadcaster, "the broadcaster")
      stream = broadcaster.subscribe()
    }
    await probe.expectAllReleased(
      within: 1,
      "Capture the broadcaster weakly, in the ticker's handler and in every `onTermination`: the ticker holds its handler, and a subscriber's stream its termination handler, so a strong capture in either keeps the broadcaster alive for as long as they live. [strong-listener]"
    )
    withExtendedLifetime(stream) {}
  }

  @Test("A broadcaster that goes away ends its subscribers' streams and releases its ticker registration")
  func releasedEndsItsSubscribers() async throws {
    let probe = LeakProbe()
    var stream: AsyncStream<Double>?
    do {
      let broadcaster = PriceBroadcaster(ticker: ticker, symbol: "ACME")
      probe.track(broadcaster, "the broadcaster")
      stream = broadcaster.subscribe()
    }
    guard await eventually({ probe.alive.isEmpty }) else {
      // Kept alive by a strong capture: "A broadcaster nobody holds is released" says where.
      Issue.record(
        "The broadcaster was never released, so nothing could end its subscribers' streams. [strong-listener]")
      return
    }
    guard let stream else { return }
    _ = try await withDeadline(
      "reading a released broadcaster's stream",
      ifHung:
        "The broadcaster went away, but its subscriber's stream never ended, and a screen's loop over it waits forever: finish every subscriber's stream in `deinit`. [no-deinit]"
    ) {
      for await _ in stream {}
    }
    let released = await eventually { [ticker] in ticker.activeRegistrations == 0 }
    #expect(
      released,
      "The broadcaster went away, but its registration with the ticker is still there: unregister in `deinit` too. [no-deinit]"
    )
  }
}
