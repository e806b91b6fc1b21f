import CourseCatalog
import Dispatch
import Foundation
import Locking
import Testing

/// An operation that did not finish within its deadline.
///
/// Interpolated into a test's own sentence, it reads as plain words; thrown out of a test, Swift
/// Testing reports its ``testDescription``, which ends with the kit's id for a hang, so that the
/// sentence a learner reads names its anti-pattern like every other.
public struct DeadlineExceeded: Error, CustomStringConvertible, CustomTestStringConvertible {
  /// What never finished, in the test's words.
  public let what: String
  /// The deadline, in seconds.
  public let seconds: Double

  /// What happened, in words, without the tag that ``testDescription`` ends with.
  public var words: String {
    "\(what) did not finish within \(Deadline.format(seconds)) s: something never resumed, settled or returned."
  }

  public var description: String { words }

  public var testDescription: String {
    AntiPattern.tagged(words, AntiPattern.neverFinished)
  }
}

/// Short deadlines that turn a hang into a failure, because `.timeLimit` cannot go below a minute.
public enum Deadline {
  /// How long the course waits for an operation that should finish at once.
  public static let standard: Double = 1

  /// How much longer every deadline of the kit is, from `COURSE_TIME_SCALE` (1 unless set).
  ///
  /// Nothing needs it: a deadline that passes on a busy machine waits until ``HangCheck``
  /// confirms the hang. It stays as an override, for a machine slower than any seen so far.
  public static let scale: Double = {
    let value = ProcessInfo.processInfo.environment["COURSE_TIME_SCALE"].flatMap(Double.init) ?? 1
    return value > 0 ? value : 1
  }()

  /// `seconds`, scaled by ``scale``.
  public static func scaled(_ seconds: Double) -> Double {
    seconds * scale
  }

  static func format(_ seconds: Double) -> String {
    seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
  }
}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` after `seconds`.
///
/// The operation runs in a task of its own that is cancelled, and then abandoned,
/// when the deadline passes: an operation stuck on a continuation that is never
/// resumed cannot be stopped, but it no longer holds the test run behind it.
///
/// ```swift
/// let articles = try await withDeadline("latest(refresh:)") {
///   try await repository.latest(refresh: false)
/// }
/// ```
public func withDeadline<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String,
  operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  try await withDeadline(seconds: seconds, what, confirmingHangs: true, operation: operation)
}

/// ``withDeadline(seconds:_:operation:)``, with the hang check optional: a test that holds a queue
/// on purpose (``withMainQueueHeld(seconds:_:operation:)``) knows why the operation waits.
func withDeadline<T: Sendable>(
  seconds: Double, _ what: String, confirmingHangs: Bool, operation: @escaping @Sendable () async throws -> T
) async throws -> T {
  let race = DeadlineRace<T>()
  return try await withCheckedThrowingContinuation { continuation in
    race.start(continuation)
    race.attach(
      Task {
        // The clock starts when the operation starts: on a busy machine the cooperative pool may
        // be late to start it, and that delay is not the operation's fault.
        race.startClock(seconds: Deadline.scaled(seconds), what, confirmingHangs: confirmingHangs)
        do {
          let result = try await KitWaits.$enclosing.withValue(race.inside) { try await operation() }
          race.finish(.success(result))
        } catch {
          race.finish(.failure(error))
        }
      })
  }
}

/// The operation and a timer race to resume one continuation; the first one wins.
///
/// The timer runs on Dispatch, never in a task, so a cooperative pool whose threads are all
/// busy cannot make the deadline stretch.
final class DeadlineRace<T: Sendable>: Sendable {
  private let continuation = Locked<CheckedContinuation<T, any Error>?>(nil)
  private let work = Locked<Task<Void, Never>?>(nil)
  /// The waits of the kit running inside this race's operation.
  private let waits = KitWaits()
  /// The races this one runs inside: each counts it as a wait of its own until it is decided.
  private let outside: [KitWaits]

  init() {
    outside = KitWaits.enclosing
    for wait in outside { wait.enter() }
  }

  /// The races an operation of this one runs inside, this one last.
  var inside: [KitWaits] { outside + [waits] }

  func start(_ continuation: CheckedContinuation<T, any Error>) {
    self.continuation.withLock { $0 = continuation }
  }

  /// The task running the operation, cancelled when the deadline passes.
  func attach(_ task: Task<Void, Never>) {
    work.withLock { $0 = task }
  }

  /// Fails the race with ``DeadlineExceeded`` once `seconds` have passed and ``HangCheck`` confirms
  /// that nothing the operation could be waiting for is still on its way.
  func startClock(seconds: Double, _ what: String, confirmingHangs: Bool = true) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
      guard !isFinished else { return }
      // The check blocks while it watches, so it gets a thread of its own, never a pool thread.
      Thread.detachNewThread { [self] in
        guard
          !confirmingHangs
            || HangCheck.confirm(after: seconds, isFinished: { isFinished }, isWaitingInside: { waits.isWaiting })
        else { return }
        finish(.failure(DeadlineExceeded(what: what, seconds: seconds)))
        work.withLock { $0 }?.cancel()
      }
    }
  }

  /// Whether the race has been decided.
  var isFinished: Bool {
    continuation.withLock { $0 == nil }
  }

  func finish(_ result: Result<T, any Error>) {
    guard let continuation = continuation.withLock({ $0.take() }) else { return }
    for wait in outside { wait.leave() }
    continuation.resume(with: result)
  }
}

/// How many of the kit's waits (deadlines, and so ``eventually(within:_:)``) are running inside
/// one deadline's operation.
///
/// A wait of the kit ends by itself, with its own hang check, and says what it waited for; while
/// one runs, the deadline around it must not call the operation hung. Otherwise a scenario that
/// waits in vain for a price, on a machine busy for twenty seconds, is reported as a scenario that
/// never finished, and the learner reads a hang where the code read a wrong value.
final class KitWaits: Sendable {
  /// The deadlines the current task runs inside, innermost last.
  @TaskLocal static var enclosing: [KitWaits] = []

  private let count = Locked(0)

  func enter() { count.withLock { $0 += 1 } }
  func leave() { count.withLock { $0 -= 1 } }

  /// Whether a wait of the kit is running inside.
  var isWaiting: Bool { count.withLock { $0 > 0 } }
}

/// Waits until `condition` holds, checking every few milliseconds; returns whether it held.
///
/// For effects that happen a moment later on another thread (an observer unregistered,
/// a loader stopped): poll for them instead of sleeping a fixed time and hoping. After
/// `seconds` (scaled), it keeps waiting while ``HangCheck`` finds the process still busy, so a
/// loaded machine is never read as "it never happened". A condition that itself never returns
/// (it awaits a main actor the code under test blocks) is a hang like any other: the wait ends,
/// `false`, once the hang is confirmed, instead of holding the test.
public func eventually(
  within seconds: Double = Deadline.standard, _ condition: @escaping @Sendable () async -> Bool
) async -> Bool {
  let nominal = Deadline.scaled(seconds)
  let polling = try? await withDeadline(seconds: seconds, "a condition", confirmingHangs: true) {
    await poll(condition, nominal: nominal)
  }
  return polling ?? false
}

/// The polling of ``eventually(within:_:)``: it ends when the condition holds, when the process has been
/// quiet for a few rounds past `nominal`, at the hard limit, or when the deadline above it gave up.
private func poll(_ condition: @Sendable () async -> Bool, nominal: Double) async -> Bool {
  let start = ContinuousClock.now
  let giveUp = start + .seconds(HangCheck.hardLimit(for: nominal))
  var quietRounds = 0
  while !Task.isCancelled {
    if await condition() { return true }
    let now = ContinuousClock.now
    if now >= giveUp { return false }
    if now - start >= .seconds(nominal) {
      quietRounds = await HangCheck.isQuiet() ? quietRounds + 1 : 0
      if quietRounds >= HangCheck.quietRoundsNeeded { return await condition() }
    }
    try? await Task.sleep(for: .milliseconds(2))
  }
  return false
}
