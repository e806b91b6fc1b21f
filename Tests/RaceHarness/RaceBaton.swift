// Compiled into a race program with an exercise's file and a driver (see CourseKit's `RaceProgram`),
// never into the package: it schedules the threads a driver races, one at a time, switching only
// where the exercise's code is about to take a lock.

import Foundation
import Synchronization

/// Runs a round's bodies each on a thread of its own, one at a time, and switches from one to
/// another only where the running one is about to take a lock while holding none, or has ended,
/// following a plan; so that two callbacks that check under one lock section and set under
/// another are made to check both before either sets, on every machine, under any load.
///
/// The locks it sees are the exercise's: `LockShadows.swift` stands in for `NSLock`,
/// `NSRecursiveLock`, the course's `Locked` and `Mutex` in the program's own module, and calls
/// ``willAcquire()``, ``didAcquire()`` and ``didRelease()``.
final class RaceBaton: @unchecked Sendable {
  /// Why a body is waiting for its turn.
  enum Stop: Sendable {
    case start, lock, release
  }

  /// The round running now, if any: a lock taken on a thread it does not run is not scheduled.
  nonisolated(unsafe) static var current: RaceBaton?
  static let currentGuard = Foundation.NSLock()

  private let condition = Foundation.NSCondition()
  private let names: [String]
  /// The bodies that also stop after letting go of their last lock, not only before taking one.
  private let stopsAfterRelease: Set<Int>
  private let plan: [Int]
  private var roles: [ObjectIdentifier: Int] = [:]
  private var held: [Int: Int] = [:]
  private var parked: [Int: Stop] = [:]
  private var finished: Set<Int> = []
  private var holder: Int?
  private var freeRun = false
  private var started = false
  private var lastMove = Date()
  /// Each choice made: the body chosen and the bodies that could have been.
  private(set) var decisions: [(chosen: Int, options: [Int])] = []
  /// What happened, in words, in order.
  private(set) var steps: [String] = []

  /// How long the running body may go without reaching a lock or its end before the round gives
  /// up scheduling (it is waiting for another body, which only a free run can give it).
  ///
  /// Rounds do meet this: a cancel parked at a lock inside its task's cancellation handler holds
  /// the runtime's lock on that task, and a body that resumes the same task waits for it. A body
  /// runs for microseconds (under the sanitizer, a few milliseconds, and a loaded machine gives a
  /// runnable thread its turn within a fraction of a second), so two seconds is patience enough;
  /// at ten, 3.5's and 10.1's race programs spent 20 of their 25 seconds waiting here.
  static let patience: TimeInterval = 2

  /// A round for bodies called `names` ("the first callback"), choosing as `plan` says.
  init(names: [String], plan: [Int], stoppingAfterLocks: Set<Int> = []) {
    self.names = names
    self.plan = plan
    self.stopsAfterRelease = stoppingAfterLocks
  }

  /// Starts `bodies` (as many as the round's names), each on a thread of its own; they run one at
  /// a time as the plan says. Returns at once: ``waitUntilFinished()`` waits for them.
  func start(_ bodies: [@Sendable () -> Void]) {
    Self.currentGuard.lock()
    Self.current = self
    Self.currentGuard.unlock()
    condition.lock()
    started = true
    condition.unlock()
    for (role, body) in bodies.enumerated() {
      Thread.detachNewThread { [self] in
        condition.lock()
        roles[ObjectIdentifier(Thread.current)] = role
        condition.unlock()
        stop(role, .start)
        body()
        end(role)
      }
    }
  }

  /// Whether every body has ended (or none started: code that never calls back has none).
  var isFinished: Bool {
    condition.lock()
    defer { condition.unlock() }
    return !started || finished.count == names.count
  }

  /// Whether the round gave up scheduling: a body waited for another outside any lock.
  var ranFree: Bool {
    condition.lock()
    defer { condition.unlock() }
    return freeRun
  }

  /// Waits until every body has ended.
  func waitUntilFinished() async {
    while !isFinished { try? await Task.sleep(for: .milliseconds(1)) }
    Self.currentGuard.lock()
    if Self.current === self { Self.current = nil }
    Self.currentGuard.unlock()
  }

  // MARK: The locks' hooks

  static func willAcquire() { running()?.lockBoundary() }
  static func didAcquire() { running()?.adjustHeld(by: 1) }
  static func didRelease() {
    guard let baton = running() else { return }
    baton.adjustHeld(by: -1)
    baton.afterRelease()
  }

  /// Between letting go of its last lock and taking the next, a body runs code no lock guards (a call
  /// into the legacy library, say), and the other body may come in there too. Only for the bodies
  /// named: a stop inside a cancellation handler holds the runtime's lock on its task, so a body that
  /// resumes that task waits out ``patience`` at every such schedule.
  private func afterRelease() {
    condition.lock()
    let stops = role().map { stopsAfterRelease.contains($0) } ?? false
    condition.unlock()
    if stops { lockBoundary(.release) }
  }

  private static func running() -> RaceBaton? {
    currentGuard.lock()
    defer { currentGuard.unlock() }
    return current
  }

  private func role() -> Int? {
    roles[ObjectIdentifier(Thread.current)]
  }

  private func lockBoundary(_ reason: Stop = .lock) {
    condition.lock()
    guard let role = role(), held[role, default: 0] == 0 else {
      condition.unlock()
      return
    }
    condition.unlock()
    stop(role, reason)
  }

  private func adjustHeld(by change: Int) {
    condition.lock()
    if let role = role() { held[role, default: 0] += change }
    condition.unlock()
  }

  // MARK: Scheduling

  /// Parks `role` at a stop until it is chosen to run.
  private func stop(_ role: Int, _ reason: Stop) {
    condition.lock()
    defer { condition.unlock() }
    if freeRun { return }
    parked[role] = reason
    if holder == role { holder = nil }
    lastMove = Date()
    chooseIfEveryoneWaits()
    while holder != role, !freeRun {
      _ = condition.wait(until: Date().addingTimeInterval(0.05))
      if !freeRun, holder != nil, Date().timeIntervalSince(lastMove) > Self.patience {
        freeRun = true
        steps.append("(\(names[holder!]) waited outside any lock: the rest ran unscheduled)")
        condition.broadcast()
      }
    }
    parked[role] = nil
  }

  private func end(_ role: Int) {
    condition.lock()
    defer { condition.unlock() }
    finished.insert(role)
    steps.append("\(names[role]) returned")
    Self.say("RACE STEP: \(names[role]) returned")
    if holder == role { holder = nil }
    lastMove = Date()
    if !freeRun { chooseIfEveryoneWaits() }
  }

  /// When no body runs and every body that has not ended waits at a stop, chooses the next one.
  private func chooseIfEveryoneWaits() {
    guard holder == nil else { return }
    let waiting = (0..<names.count).filter { !finished.contains($0) }
    guard !waiting.isEmpty, waiting.allSatisfy({ parked[$0] != nil }) else { return }
    let index = decisions.count
    let chosen = index < plan.count && waiting.contains(plan[index]) ? plan[index] : waiting[0]
    decisions.append((chosen, waiting))
    holder = chosen
    let words =
      switch parked[chosen] {
      case .start: "\(names[chosen]) started"
      case .release: "\(names[chosen]) went on after a lock"
      default: "\(names[chosen]) took a lock"
      }
    steps.append(words)
    Self.say("RACE STEP: \(words)")
    condition.broadcast()
  }

  /// Writes a line to standard error at once, so that it is there when the program traps.
  static func say(_ line: String) {
    FileHandle.standardError.write(Data("\(line)\n".utf8))
  }

  /// The plan of the next round in a depth-first walk over the choices, or `nil` when every
  /// schedule has been tried.
  static func nextPlan(after decisions: [(chosen: Int, options: [Int])]) -> [Int]? {
    var path = decisions
    while let last = path.popLast() {
      if let next = last.options.first(where: { $0 > last.chosen }) {
        return path.map(\.chosen) + [next]
      }
    }
    return nil
  }
}

/// What runs a round's bodies: a ``RaceBaton`` (one at a time, switching at locks) or a
/// ``RelaxedRelay`` (one after another, with nothing between them the sanitizer counts as order).
protocol RaceRunner: AnyObject, Sendable {
  /// Starts the bodies, each on a thread of its own; returns at once.
  func start(_ bodies: [@Sendable () -> Void])
  /// Waits until every body has ended.
  func waitUntilFinished() async
}

extension RaceBaton: RaceRunner {}

/// Runs a round's bodies one after another, each on a thread of its own, in a given order, handing
/// over with a relaxed flag: nothing the thread sanitizer counts as ordering lies between one body
/// and the next, so it names every access to shared state that no lock of the code's own guards,
/// while the bodies never overlap (and never, say, resume a continuation twice before it speaks).
final class RelaxedRelay: RaceRunner, @unchecked Sendable {
  private let order: [Int]
  private let turn = Atomic<Int>(0)
  private let arrived = Atomic<Int>(0)
  private let started = Atomic<Bool>(false)

  /// A relay that runs body `order[0]` first, then `order[1]`, and so on.
  init(order: [Int]) {
    self.order = order
  }

  func start(_ bodies: [@Sendable () -> Void]) {
    let count = bodies.count
    started.store(true, ordering: .relaxed)
    for (role, body) in bodies.enumerated() {
      let place = order.firstIndex(of: role) ?? role
      // Every thread has started before the first body runs, and none ends before the last body
      // has: a thread's start and end take the runtime's locks, which the sanitizer would count as
      // an order between one body and the next (and then name no race) when a loaded machine
      // starts a thread late.
      Thread.detachNewThread { [self] in
        arrived.add(1, ordering: .relaxed)
        while arrived.load(ordering: .relaxed) < count || turn.load(ordering: .relaxed) != place {
          Thread.sleep(forTimeInterval: 0.000_05)
        }
        body()
        turn.store(place + 1, ordering: .relaxed)
        while turn.load(ordering: .relaxed) < count { Thread.sleep(forTimeInterval: 0.000_05) }
      }
    }
  }

  func waitUntilFinished() async {
    // Code that never calls back starts no bodies: nothing to wait for.
    guard started.load(ordering: .relaxed) else { return }
    while turn.load(ordering: .relaxed) < order.count { try? await Task.sleep(for: .milliseconds(1)) }
  }
}

/// Runs a race scenario in every order and under every schedule of its bodies.
enum RaceHarness {
  /// Runs `round` with each order of the bodies it starts one after another (a ``RelaxedRelay``,
  /// for the sanitizer), then once per schedule of them, a lock section at a time (a
  /// ``RaceBaton``), until every schedule has run or `limit` have. Each round starts its bodies
  /// (as many as `names`, which name them in the steps) with the runner it is given and waits for
  /// them. Prints `RACE ROUND` before each and `RACE SCHEDULES: n` at the end.
  ///
  /// The bodies named in `stoppingAfterLocks` also stop after each lock they let go of, so that the
  /// other bodies run, too, between a lock section and a call outside any lock that follows it.
  static func everySchedule(
    names: [String], stoppingAfterLocks: Set<String> = [], limit: Int = 200,
    _ round: (any RaceRunner) async -> Void
  ) async {
    for order in permutations(of: Array(names.indices)) {
      RaceBaton.say("RACE ORDER \(order.map { names[$0] }.joined(separator: ", then "))")
      await round(RelaxedRelay(order: order))
    }
    var plan: [Int]? = []
    var count = 0
    while let current = plan, count < limit {
      count += 1
      RaceBaton.say("RACE ROUND \(count)")
      let baton = RaceBaton(
        names: names, plan: current,
        stoppingAfterLocks: Set(names.indices.filter { stoppingAfterLocks.contains(names[$0]) }))
      await round(baton)
      plan = RaceBaton.nextPlan(after: baton.decisions)
    }
    RaceBaton.say("RACE SCHEDULES: \(count)")
  }

  /// Every order of `items`.
  static func permutations(of items: [Int]) -> [[Int]] {
    guard items.count > 1 else { return [items] }
    return items.flatMap { first in permutations(of: items.filter { $0 != first }).map { [first] + $0 } }
  }
}
