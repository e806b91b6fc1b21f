import Locking
import Platform

/// Holds every job handed to the global executor until a driver runs it, one at a time, on the
/// driver's own thread: while a capture is on, the process's Swift tasks that are not bound to an
/// executor of their own run in an order the driver chooses, the same order on every run.
///
/// The global executor runs tasks on a pool of threads, in whatever order and overlap its threads
/// happen to take them. An order explorer (CourseKit's `Interleavings`) needs the opposite: after
/// each step it lets every task the step woke run to its next suspension, and only then takes the
/// next step, so that what a step caused is done before the next one starts. It captures the
/// global executor's jobs and runs them itself, oldest first. Jobs bound elsewhere (an actor's
/// custom executor, the main actor's queue, a task executor of the test's) are not captured.
///
/// A capture is process-wide: turn it on in a child process (an exit test), never in a test
/// process that runs other tests at the same time.
///
/// ```swift
/// JobCapture.begin()
/// _ = Task { await cache.image(for: "avatar-7") }  // held: nothing runs yet
/// while JobCapture.runNext() {}                    // runs, here, until the task waits
/// JobCapture.end()
/// ```
public enum JobCapture {
  /// Whether this runtime lets the course capture jobs (see ``JobSwapping/isAvailable``).
  public static var isAvailable: Bool { JobSwapping.isAvailable }

  /// Turns capturing on: from now on every job handed to the global executor waits in this capture,
  /// and every job handed to the main actor is counted (``mainEnqueues``).
  ///
  /// With `holdingMainActorJobs`, a job handed to the main actor waits too, until
  /// ``runMainActorJobs()`` runs it on the main queue. Otherwise the main queue runs it whenever its
  /// thread is free, beside the driver's own thread: two jobs at once, in an order of the machine's.
  public static func begin(holdingMainActorJobs: Bool = false) {
    guard JobSwapping.installed else { return }
    _ = mainCounterInstalled
    state.withLock {
      $0.on = true
      $0.holdsMain = holdingMainActorJobs && mainHook != nil
    }
  }

  /// Runs every main-actor job this capture holds, oldest first, each to its next suspension, and the
  /// ones they hand to the main actor in turn; returns how many ran. Call it on the main queue (in
  /// `DispatchQueue.main.sync`): the jobs run where the main actor runs.
  public static func runMainActorJobs() -> Int {
    var count = 0
    while let next = state.withLock({ state -> Held? in state.mainHeld.isEmpty ? nil : state.mainHeld.removeFirst() }) {
      next.job.runSynchronously(on: MainActor.sharedUnownedExecutor)
      count += 1
    }
    return count
  }

  /// How many jobs were handed to the main actor while a capture was on (where the runtime lets
  /// the course see it; `0` elsewhere). A driver that drains the main queue and finds this count
  /// unchanged knows no main-actor job was queued meanwhile: the main actor has nothing left to run.
  public static var mainEnqueues: Int { state.withLock { $0.mainEnqueues } }

  /// The runtime's hook for jobs enqueued on the main executor, `nil` where it is not exported.
  private nonisolated(unsafe) static let mainHook: UnsafeMutablePointer<JobSwapping.EnqueueHook?>? = {
    guard let symbol = Platform.runtimeSymbol("swift_task_enqueueMainExecutor_hook") else { return nil }
    return symbol.assumingMemoryBound(to: JobSwapping.EnqueueHook?.self)
  }()

  /// Sets the main executor's hook, once: it counts the job, then enqueues it as the runtime would.
  private static let mainCounterInstalled: Bool = {
    guard let mainHook else { return false }
    mainHook.pointee = { job, original in
      let held = JobCapture.state.withLock { state in
        guard state.on else { return false }
        state.mainEnqueues += 1
        if state.holdsMain { state.mainHeld.append(Held(job: job, original: original)) }
        return state.holdsMain
      }
      if !held { original(job) }
    }
    return true
  }()

  /// Turns capturing off, and hands every job still held on to the runtime, oldest first.
  public static func end() {
    let held = state.withLock { state -> [Held] in
      state.on = false
      state.holdsMain = false
      defer { (state.held, state.mainHeld) = ([], []) }
      return state.held + state.mainHeld
    }
    for job in held { job.original(job.job) }
  }

  /// How many captured jobs wait to be run.
  public static var pending: Int { state.withLock { $0.held.count } }

  /// How many captured jobs have been run, ever: a driver that sees it grow knows work went on.
  public static var ran: Int { state.withLock { $0.ran } }

  /// Runs the oldest captured job on the calling thread, to its next suspension, and returns
  /// `true`; `false` when none waits.
  public static func runNext() -> Bool {
    guard
      let next = state.withLock({ state -> Held? in
        guard !state.held.isEmpty else { return nil }
        state.ran += 1
        return state.held.removeFirst()
      })
    else { return false }
    next.job.runSynchronously(on: driver.asUnownedTaskExecutor())
    return true
  }

  /// Runs the newest captured job on the calling thread, to its next suspension, and returns
  /// `true`; `false` when none waits. Draining with it starts the captured tasks in the opposite
  /// order of their creation: the order the language allows and today's runtime almost never picks.
  public static func runNewest() -> Bool {
    guard
      let next = state.withLock({ state -> Held? in
        guard !state.held.isEmpty else { return nil }
        state.ran += 1
        return state.held.removeLast()
      })
    else { return false }
    next.job.runSynchronously(on: driver.asUnownedTaskExecutor())
    return true
  }

  /// Called by the global executor's hook: holds `job` when a capture is on; returns whether it did.
  static func take(_ job: UnownedJob, _ original: JobSwapping.EnqueueOriginal) -> Bool {
    state.withLock { state in
      guard state.on else { return false }
      state.held.append(Held(job: job, original: original))
      return true
    }
  }

  /// A captured job and the runtime's own way to enqueue it (unchecked: the runtime's function
  /// pointer is not marked `Sendable`; a job is run or handed on exactly once).
  private struct Held: @unchecked Sendable {
    let job: UnownedJob
    let original: JobSwapping.EnqueueOriginal
  }

  private struct State: Sendable {
    var on = false
    var holdsMain = false
    var held: [Held] = []
    var mainHeld: [Held] = []
    var ran = 0
    var mainEnqueues = 0
  }

  private static let state = Locked(State())

  /// The executor a captured job runs on: the driver's thread, in the job's own isolation. Nothing
  /// is ever enqueued on it: a task that prefers it has none of its jobs captured.
  private static let driver = Driver()

  private final class Driver: TaskExecutor {
    func enqueue(_ job: consuming ExecutorJob) {
      UnownedJob(job).runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
