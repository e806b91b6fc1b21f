import CourseCatalog
import Dispatch
import Foundation
import LegacyKit
import Locking
import Scheduling
import Testing

/// Runs a scenario of several callers and the answers of their held dependencies in every order
/// the test can make, each on a fresh world, and says, in words, the first order in which a rule
/// broke.
///
/// A rule about interleavings ("a failed download throws to every caller waiting for it, and the
/// next call downloads again") is only as good as the orders its test tried. A test that answers
/// the first download first, and lets the first caller finish first, passes every answer that is
/// wrong only in another order: a refused withdrawal that restores a balance read before its
/// `await`, a line marked free before the turn is handed on. So the explorer owns time. Each caller
/// runs on an executor of its own that holds its jobs (an actor's methods run there too), every
/// other Swift task is captured (``JobCapture``) and run by the explorer on one thread, the main
/// actor's jobs are held too and run on the main queue only while the explorer waits for them (so
/// that a main-actor method and a task it started never run at once), and the injected dependencies
/// are ``HeldCalls``. A *move* is one of: a caller starts and runs until it
/// waits; a caller that was woken runs on until it waits again; a held call is answered; a caller
/// is cancelled. After each move everything the move set going runs to its end, and only then is
/// the next move chosen. The explorer tries every sequence of moves, depth first, while there are
/// at most ``Limits/exhaustive`` of them; beyond, every sequence that leaves the plain course of
/// things at one or two moves, then a seeded sample; each is the same on any
/// machine, however loaded.
///
/// Everything runs in a child process, where the capture cannot disturb other tests; the scenario
/// is a static function that makes a fresh world each time it is called:
///
/// ```swift
/// static func twoLoads() -> Interleavings.World {
///   let download = HeldCalls<String, Picture>()
///   let cache = ImageCache(download: download.function)
///   let got = Locked<[Int]>([])
///   return Interleavings.World(
///     callers: (1...2).map { number in
///       .init("load \(number) of avatar-7") {
///         if (try? await cache.image(for: "avatar-7")) != nil { got.withLock { $0.append(number) } }
///       }
///     },
///     dependencies: [download.dependency({ "the download of \($0)" }) { key, _ in .success(Picture(key: key, version: 0)) }],
///     check: { got.withLock { $0.count } == 2 ? nil : "A load never returned its picture. [is-loading-flag]" })
/// }
/// ```
public enum Interleavings {
  /// One caller of the scenario: what the verdict calls it, and what it does.
  public struct Caller: Sendable {
    let name: String
    let operation: @Sendable () async -> Void
    let cancellable: Bool
    let asleepAfterCancel: (@Sendable () -> String)?

    /// A caller called `name` (as the verdict says it: "the second load of avatar-7") that runs
    /// `operation`; with `cancellable`, the explorer also cancels it, at every point it can.
    ///
    /// `asleepAfterCancel` gives the rule's sentence for a caller that must answer its cancellation
    /// at once, wherever it waits: when a cancel leaves it neither ended nor woken, the order fails
    /// with the sentence it returns then (it may look at where the caller was waiting).
    public init(
      _ name: String, cancellable: Bool = false, asleepAfterCancel: (@Sendable () -> String)? = nil,
      _ operation: @escaping @Sendable () async -> Void
    ) {
      self.name = name
      self.cancellable = cancellable || asleepAfterCancel != nil
      self.asleepAfterCancel = asleepAfterCancel
      self.operation = operation
    }
  }

  /// An injected dependency whose calls the explorer answers, in every order (see
  /// ``HeldCalls/dependency(_:answering:)``).
  public struct Dependency: Sendable {
    let waiting: @Sendable () -> [Int]
    let answer: @Sendable (Int) -> String

    /// A dependency whose calls waiting for an answer are `waiting()`, and that `answer(index)`
    /// answers, returning what happened in words ("the download of avatar-7 failed").
    public init(waiting: @escaping @Sendable () -> [Int], answer: @escaping @Sendable (Int) -> String) {
      self.waiting = waiting
      self.answer = answer
    }
  }

  /// A fresh scenario: its callers, its dependencies, and what must hold.
  public struct World: Sendable {
    let callers: [Caller]
    let dependencies: [Dependency]
    let invariant: @Sendable () async -> String?
    let check: @Sendable () async -> String?

    /// A scenario of `callers` over `dependencies`. `invariant` is asked after every move, and
    /// `check` once no move is left; each returns the rule's sentence, with its id, when the rule
    /// broke, and `nil` when it held. Both may `await` an actor's state: nothing else runs meanwhile.
    public init(
      callers: [Caller], dependencies: [Dependency], invariant: @escaping @Sendable () async -> String? = { nil },
      check: @escaping @Sendable () async -> String?
    ) {
      self.callers = callers
      self.dependencies = dependencies
      self.invariant = invariant
      self.check = check
    }
  }

  /// What `body` returned or threw, for a caller to record.
  public static func outcome<T>(_ body: () async throws -> T) async -> Result<T, any Error> {
    do { return .success(try await body()) } catch { return .failure(error) }
  }

  /// How many orders the explorer tries.
  public struct Limits: Sendable {
    /// Every order while there are at most this many; beyond, this many again: half of them the
    /// orders that leave the plain course at one or two moves, half a seeded sample.
    public var exhaustive = 400
    /// The most moves in one order: a scenario that could go on making calls for ever stops here.
    public var moves = 120
    /// The most jobs one caller may run in one move: a caller that yields and is ready again this
    /// many times never waits.
    public var steps = 2_000
    /// The seed of the sample, printed with a failure so that it can be replayed.
    public var seed: UInt64 = 0x5EED_2026

    /// The default limits.
    public init() {}
  }

  /// An order of moves that broke a rule: the moves in words, then the rule's sentence.
  public struct Counterexample: Error, Sendable, Equatable {
    /// Each move, as it happened.
    public let moves: [String]
    /// The rule's sentence, with its id.
    public let sentence: String
    /// How many orders were tried before this one, and with which seed beyond the exhaustive part.
    public let tried: Int

    /// The counterexample as a failure reads it.
    public var description: String {
      let order = moves.enumerated().map { "(\($0.offset + 1)) \($0.element)" }.joined(separator: "; ")
      return "In this order: \(order). Then: \(sentence)"
    }
  }

  // MARK: - In the test

  /// In the parent: records the counterexample the child found, in words, as a failure of the
  /// calling test: the order, then the rule's sentence; or the child's hang, trap or crash, with the
  /// order it was playing.
  ///
  /// The exploration runs in a child process (an exit test's body, which may capture nothing, so the
  /// scenario is a static function):
  ///
  /// ```swift
  /// let child = await ChildProcessSlots.shared.run {
  ///   await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
  ///     Interleavings.explore(Self.twoLoadsAndAFailure)
  ///   }
  /// }
  /// Interleavings.expectEveryOrderHolds(child, "Two loads of avatar-7 while its download fails")
  /// ```
  public static func expectEveryOrderHolds(
    _ child: ExitTest.Result?, _ scenario: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let verdict = ResumeProbe.verdict(of: child)
    if case .notStarted(let id) = verdict {
      _ = NotStarted(id)  // the child reached the stub: let this process's test kit report it
      return
    }
    let output = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    let lastOrder = output.split(separator: "\n").last { $0.hasPrefix("ORDER: ") }.map { $0.dropFirst(7) } ?? ""
    switch verdict {
    case .exactlyOnce:
      return
    case .wrongResult(let message):
      Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    default:
      let during = lastOrder.isEmpty ? "" : " (in this order: \(lastOrder))"
      Issue.record(
        Comment(rawValue: ResumeProbe.explain(verdict, "\(scenario)\(during)") ?? "\(scenario) failed."),
        sourceLocation: sourceLocation)
    }
  }

  // MARK: - In the child

  /// In the child: explores every order of `world`, then exits with ``ResumeProbe``'s codes:
  /// finished, a wrong result (the counterexample, in words), not started, or hung (a move that
  /// never came back, with the order it was playing).
  public static func explore(limits: Limits = Limits(), _ world: @escaping @Sendable () -> World) -> Never {
    let mark = StubLedger.mark
    let outcome = Locked<Result<Int, Counterexample>?>(nil)
    let watchdog = Watchdog()
    JobCapture.begin(holdingMainActorJobs: true)
    Thread.detachNewThread {
      let found = Explorer(limits: limits, world: world, watchdog: watchdog).run()
      outcome.withLock { $0 = found }
    }
    while outcome.withLock({ $0 }) == nil {
      if watchdog.isStuck {
        // One move never came back: whatever it waits for will not come (the explorer answers
        // every call it can), so the code hangs there.
        FileHandle.standardError.write(Data("ORDER: \(watchdog.order)\n".utf8))
        exit(ResumeProbe.hungExitCode)
      }
      Thread.sleep(forTimeInterval: 0.01)
    }
    if let id = StubLedger.exercises(since: mark).first {
      FileHandle.standardError.write(Data("NOT STARTED: \(id)\n".utf8))
      exit(ResumeProbe.notStartedExitCode)
    }
    switch outcome.withLock({ $0 }) {
    case .failure(let counterexample)?:
      FileHandle.standardError.write(Data("PROBE FAILURE: \(counterexample.description)\n".utf8))
      exit(ResumeProbe.wrongResultExitCode)
    case .success(let tried)?:
      FileHandle.standardError.write(Data("ORDERS TRIED: \(tried)\n".utf8))
      exit(ResumeProbe.finishedExitCode)
    case nil:
      exit(ResumeProbe.finishedExitCode)
    }
  }

  /// How many orders the child tried, from its output (`nil` when it did not say).
  public static func ordersTried(_ child: ExitTest.Result?) -> Int? {
    let output = child.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
    return output.split(separator: "\n").last { $0.hasPrefix("ORDERS TRIED: ") }.flatMap {
      Int($0.dropFirst("ORDERS TRIED: ".count))
    }
  }

  /// Tells a move that never comes back: the explorer reports each job it runs, and one job
  /// (synchronous code between two `await`s) that has not returned after ``stuckAfter`` seconds
  /// loops or waits for ever, as no scenario's step does a thousandth of that work on any machine.
  final class Watchdog: Sendable {
    private let state = Locked((order: "", since: Date()))
    static let stuckAfter: Double = 30

    /// The moves made so far in the order being tried, in words.
    func moving(_ order: String) { state.withLock { $0.order = order } }

    /// A job has just returned.
    func ran() { state.withLock { $0.since = Date() } }

    var order: String { state.withLock { $0.order } }

    var isStuck: Bool { state.withLock { Date().timeIntervalSince($0.since) > Self.stuckAfter } }
  }
}

extension HeldCalls {
  /// This fake as a dependency of an ``Interleavings`` scenario: each call waiting for an answer
  /// is a move, answered with `answering(argument, index)`, and described as `name` with the
  /// argument (`"the download of \(argument)"`) and what the answer was.
  ///
  /// `said` words an answer, when "answered" and "failed with" do not read well ("was approved").
  public func dependency(
    _ name: @escaping @Sendable (Argument) -> String,
    said: (@Sendable (Result<Value, any Error>) -> String)? = nil,
    answering: @escaping @Sendable (_ argument: Argument, _ index: Int) -> Result<Value, any Error>
  ) -> Interleavings.Dependency {
    Interleavings.Dependency(
      waiting: { [self] in self.waitingForAnswer },
      answer: { [self] index in
        let argument = self.arguments[index]
        let outcome = answering(argument, index)
        self.answer(index, with: outcome)
        if let said { return "\(name(argument)) \(said(outcome))" }
        switch outcome {
        case .success(let value) where value is Void: return "\(name(argument)) answered"
        case .success(let value): return "\(name(argument)) answered \(value)"
        case .failure(let error): return "\(name(argument)) failed with \(error)"
        }
      })
  }
}
