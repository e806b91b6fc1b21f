import Foundation
import Synchronization

/// A one-shot barrier: threads that arrive wait until the last one does, then all leave at the same instant.
///
/// A race between two callbacks is only a race when they run at the same time.
/// Scheduled one after the other, they rarely do. Threads that spin at this gate
/// leave it together whenever the machine has a core free for each of them, and each
/// gate also holds its last party back by a gap that differs from one gate to the
/// next, sweeping from none to a few hundred spins, so that over many gates some gap
/// lands inside the window a check-then-set leaves open.
///
/// What no gate can promise is that two threads run at once on a loaded machine: a
/// busy scheduler can separate them by milliseconds. The verdict that does not depend
/// on the machine is the thread sanitizer's, which sees the unsynchronized accesses
/// whatever the timing (see CourseKit's `DataRace`).
///
/// ```swift
/// let gate = StartingGate(parties: 2)
/// sdk.script(Script.twice(.value(a), .value(b)).released(by: gate))   // or `.simultaneously`
/// ```
public final class StartingGate: Sendable {
  /// How many gates have been made: each gate's stagger follows from it.
  private static let made = Atomic<Int>(0)
  /// How many different staggers the gates sweep through, in spins.
  public static let staggers = 256

  /// How many times a party checks the gate before it starts sleeping between checks.
  static let spinLimit = 20_000

  /// How many threads the gate waits for.
  public let parties: Int
  /// How many spins each later arrival waits after the gate opens, times its place in the order.
  public let stagger: Int
  private let arrived = Atomic<Int>(0)
  private let spins = Atomic<Int>(0)

  /// A gate that opens when `parties` threads have arrived.
  public init(parties: Int) {
    self.parties = parties
    stagger = Self.made.add(1, ordering: .relaxed).oldValue % Self.staggers
  }

  /// Whether every party has arrived.
  public var isOpen: Bool {
    arrived.load(ordering: .acquiring) >= parties
  }

  /// Arrives, and waits until every party has arrived (or `timeout` seconds have passed, so a
  /// party that never comes cannot hang the process); returns whether the gate opened.
  ///
  /// A party spins for a few tens of microseconds, long enough for a thread that is being
  /// started to arrive, so that the parties leave together; a sleeping thread wakes up late.
  /// After that it sleeps between looks, so that a party that is slow to come (on a busy
  /// machine) does not cost a core: a gate that spun without end would starve every other
  /// test in the process.
  @discardableResult
  public func arriveAndWait(timeout: TimeInterval = 5) -> Bool {
    let place = arrived.add(1, ordering: .acquiringAndReleasing).oldValue
    var count = 0
    while !isOpen, count < Self.spinLimit { count += 1 }
    let deadline = Date().addingTimeInterval(timeout)
    while !isOpen {
      if Date() > deadline { return false }
      Thread.sleep(forTimeInterval: 0.000_02)
    }
    // The last to arrive opened the gate and would leave first: hold it back by its stagger.
    for _ in 0..<(place * stagger) { spins.add(1, ordering: .relaxed) }
    return true
  }
}
