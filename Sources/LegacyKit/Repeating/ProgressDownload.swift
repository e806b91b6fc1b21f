import Dispatch
import Foundation
import Locking

/// A legacy download that reports its progress many times, then completes or fails once.
///
/// The classic source that a continuation cannot model: it calls back again and again.
/// Its replies come in order from a serial background queue, ``interval`` apart.
public final class ProgressDownload: Sendable {
  /// How a scripted download unfolds.
  public struct Plan: Sendable {
    /// The progress values reported, in order, each between 0 and 1.
    public var progress: [Double]
    /// How it ends: the number of bytes downloaded, or an error.
    public var outcome: Result<Int, LegacyError>
    /// The time between two callbacks, in seconds.
    public var interval: TimeInterval
    /// Whether the download needs an owner, as some SDK objects do: its scheduled callbacks then hold
    /// it weakly, so a download that nobody keeps is released, and reports nothing more. Off by
    /// default: then it runs to its end whoever keeps it.
    public var needsAnOwner: Bool
    /// Called on the download's queue after its last progress value and before it completes.
    ///
    /// Tests hold a download here, so that it is surely still running while something else happens
    /// (a reload, say), however slow the machine: a window forced open rather than timed.
    public var beforeCompletion: (@Sendable () -> Void)?

    /// A plan.
    public init(
      progress: [Double], outcome: Result<Int, LegacyError>, interval: TimeInterval = 0.005, needsAnOwner: Bool = false,
      beforeCompletion: (@Sendable () -> Void)? = nil
    ) {
      self.progress = progress
      self.outcome = outcome
      self.interval = interval
      self.needsAnOwner = needsAnOwner
      self.beforeCompletion = beforeCompletion
    }

    /// Four steps to 100%, then 4,096 bytes.
    public static let fourSteps = Plan(progress: [0.25, 0.5, 0.75, 1.0], outcome: .success(4096))
  }

  private let state: Locked<(plan: Plan, started: Int, running: Bool, cancelled: Int)>

  /// A download that follows `plan`.
  public init(plan: Plan = .fourSteps) {
    state = Locked((plan, 0, false, 0))
  }

  /// How many times ``start(progress:completion:)`` was called.
  public var starts: Int {
    state.withLock { $0.started }
  }

  /// Whether a download is running now: started, and neither completed nor cancelled.
  public var isRunning: Bool {
    state.withLock { $0.running }
  }

  /// How many times ``cancel()`` was called: a download that completed by itself is not running
  /// either, so only this count tells that someone cancelled it.
  public var cancellations: Int {
    state.withLock { $0.cancelled }
  }

  /// Stops the running download: no more progress, and no completion.
  public func cancel() {
    state.withLock { state in
      state.cancelled += 1
      state.running = false
    }
  }

  /// Starts the download: `progress` is called once per step, then `completion` once.
  public func start(
    progress: @escaping @Sendable (Double) -> Void, completion: @escaping @Sendable (Result<Int, any Error>) -> Void
  ) {
    let plan = state.withLock { state in
      state.started += 1
      state.running = true
      return state.plan
    }
    let queue = DispatchQueue(label: "legacy.progress-download")
    // Without an owner, each callback finds the download gone: nothing more is reported.
    let owned: @Sendable () -> ProgressDownload?
    if plan.needsAnOwner {
      owned = { [weak self] in self }
    } else {
      owned = { [self] in self }
    }
    for (index, value) in plan.progress.enumerated() {
      Deliveries.schedule(.queue(queue), after: plan.interval * Double(index + 1)) {
        if owned()?.state.withLock({ $0.running }) == true { progress(value) }
      }
    }
    Deliveries.schedule(.queue(queue), after: plan.interval * Double(plan.progress.count + 1)) {
      plan.beforeCompletion?()
      let wasRunning = owned()?.state.withLock { state in
        defer { state.running = false }
        return state.running
      }
      if wasRunning == true { completion(plan.outcome.mapError { $0 }) }
    }
  }
}
