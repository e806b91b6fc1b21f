import Foundation

/// A live demonstration of something going wrong, run on purpose in a child process.
///
/// Instructors run them on a projector (`course demo double-resume`): the child
/// process does the wrong thing for real, the parent shows what the runtime said (or
/// did not say), then explains it in a paragraph.
struct Demo: Sendable {
  /// The name to type after `course demo`.
  let name: String
  /// What the demo shows, in one line.
  let title: String
  /// The explanation printed after the run.
  let explanation: String
  /// The scenario; it runs in the child process and may trap or hang on purpose.
  let scenario: @Sendable () async -> Void

  /// Every demo, in the order a workshop meets them.
  static let all: [Demo] = [
    Demo(
      name: "double-resume", title: "A checked continuation resumed twice traps the process",
      explanation: """
        The callback fired twice, so the adapter resumed its continuation twice. A checked continuation \
        cannot tell which value you meant and cannot undo the first resume, so the runtime prints \
        SWIFT TASK CONTINUATION MISUSE and stops the process: a crash in production, with the culprit \
        named. Resume on the first callback only, under a lock (topic 3, exercise 3.4).
        """,
      scenario: DemoScenarios.doubleResume),
    Demo(
      name: "leaked-continuation", title: "A continuation dropped without a resume: the runtime warns",
      explanation: """
        The legacy source dropped its callback without calling it, so nothing resumed the continuation. \
        When a checked continuation is destroyed unresumed, the runtime prints that it leaked, and the \
        awaiting task stays suspended forever: a spinner that never stops. The warning is your friend: \
        it names the function. Resume on every path, odd ones included (topic 3).
        """,
      scenario: DemoScenarios.leakedContinuation),
    Demo(
      name: "unsafe-silence", title: "The same bug with an unsafe continuation: silence",
      explanation: """
        Exactly the previous bug, with withUnsafeContinuation. Nothing is printed: the task just hangs, \
        and nobody learns why. An unsafe continuation skips the bookkeeping that makes the checked one \
        report misuse; it is an optimisation for code proven correct, never the way to quiet a warning \
        (topic 3, exercise 3.7).
        """,
      scenario: DemoScenarios.unsafeSilence),
    Demo(
      name: "reordered-batches", title: "One Task per callback delivers batches out of order",
      explanation: """
        A delegate delivered 1,000 batches in order on one background queue, and forwarded each with \
        Task { await consumer.take(batch) }. Each task starts on the concurrent pool and then hops to the \
        actor, so the tasks race. As this runtime schedules them, the race is usually won in order, or \
        nearly: that is why the bug survives a demo. The language promises no order among them, and a \
        scheduler that starts each pair the other way round, which the second run uses, is allowed: then \
        about half overtake. When order matters, make it structural: feed one AsyncStream, consumed by \
        one task (topic 5, exercise 5.3).
        """,
      scenario: DemoScenarios.reorderedBatches),
    Demo(
      name: "stream-never-finishes", title: "An AsyncStream that is never finished: the loop waits forever",
      explanation: """
        Every progress value arrived, but the stream was never finished, so the for-await loop is still \
        waiting for the next value, and the code after it never runs. A stream ends only when you call \
        finish() (or finish(throwing:)), typically from the source's completion callback (topic 4, \
        exercise 4.1).
        """,
      scenario: DemoScenarios.streamNeverFinishes),
    Demo(
      name: "reentrant-cache", title: "An actor cache downloads one image twice: reentrancy, not a data race",
      explanation: """
        The cache is an actor, so its dictionary is never touched by two threads at once: Swift 6 accepts it \
        and the thread sanitizer finds nothing. But the first call gave the actor up at its await, and the \
        second call ran meanwhile, found nothing cached, and downloaded again. What was true before the \
        await (not cached) was acted on after it. Keep the download under way, as a Task stored before the \
        first await, and let later calls await it: one download (topic 9, exercise 9.1).
        """,
      scenario: DemoScenarios.reentrantCache),
  ]
}
