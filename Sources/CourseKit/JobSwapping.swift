import Scheduling
import Testing

/// Starts tasks on the concurrent pool out of their creation order, as the language allows: see
/// `Scheduling.JobSwapping`. Here so that a graded suite, which imports the kit, can use it.
///
/// A suite that checks an order turns swapping on in a child process, so that a task per
/// callback, which races to the main actor, is caught on every run instead of once in a while.
/// Where the runtime does not let the course swap jobs, turning it on records an issue that says
/// so (an exit test's child hands it to its parent): the check fails in words, never by luck.
public enum JobSwapping {
  /// Whether this runtime lets the course swap jobs.
  public static var isAvailable: Bool { Scheduling.JobSwapping.isAvailable }

  /// Runs `body` with swapping on, and turns it off when `body` returns.
  public static func during<T>(_ body: () async throws -> T) async rethrows -> T {
    begin()
    defer { end() }
    return try await body()
  }

  /// Runs `body` with every task it starts on the pool held, then starts the held tasks newest
  /// first, on this thread, one after the other.
  ///
  /// Where pairwise swapping leaves an order to the pool's threads and to how fast callbacks come,
  /// this reverses every task `body` started, on every run: a check that reads callbacks forwarded
  /// by a task each sees them backwards, however busy the machine. `body` must not wait for those
  /// tasks (they start only when it returns); it may block its thread for a legacy queue's
  /// callbacks. Process-wide, as swapping is: use it in a child process.
  public static func reversingTasks(startedBy body: () -> Void) {
    if !isAvailable { Issue.record(Comment(rawValue: Scheduling.JobSwapping.unavailableSentence)) }
    JobCapture.begin()
    body()
    while JobCapture.runNewest() {}
    JobCapture.end()
  }

  /// How many jobs `body` handed to the concurrent pool (a `Task { }` it started, a task it woke
  /// that is bound to no executor), or `nil` where this runtime does not let the course see them.
  ///
  /// A callback that hands its value on from a `Task` of its own has not handed it on when it
  /// returns: code that lets its owner go right after a callback loses what that task still
  /// carries, a mistake of its own. A check of what happens once the callback returned asks this
  /// first, and leaves such code to the test that names it. The jobs run, in order, once `body`
  /// returns; `body` must not wait for them. Process-wide: use it in a child process.
  public static func poolJobs(handedBy body: () -> Void) -> Int? {
    guard isAvailable else {
      body()
      return nil
    }
    JobCapture.begin()
    body()
    let handed = JobCapture.pending
    JobCapture.end()
    return handed
  }

  /// Turns swapping on, until the matching ``end()``; records an issue if this runtime cannot.
  public static func begin() {
    if !isAvailable { Issue.record(Comment(rawValue: Scheduling.JobSwapping.unavailableSentence)) }
    Scheduling.JobSwapping.begin()
  }

  /// Turns swapping off when every ``begin()`` has been matched.
  public static func end() {
    Scheduling.JobSwapping.end()
  }
}
