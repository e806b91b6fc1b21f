extension Catalog {
  /// 10.1: A timeout around a call that ignores cancellation.
  static let legacyTimeout = Exercise(
    id: "10.1", title: "A timeout around a call that ignores cancellation", grade: .challenge, points: 30,
    name: "Ex10_1_LegacyTimeout", lessonAnchor: "a-timeout-around-a-call-that-ignores-cancellation",
    hints: [
      "Do not put the wait for the call in a task group: the group waits for every child, and a child parked in a continuation that only the call resumes cannot be cancelled. One continuation is the caller's wait; the call's completion, the timer and the caller's cancel each try to resume it, and the first one wins.",
      "Keep the continuation, the outcome and the call's `LegacyStop` in one lock (a small class). Whoever finishes decides and takes the continuation in the same lock section, so a late answer finds the outcome and resumes nothing. Store the continuation before you call `start`: the call may answer inside it.",
      "The timer is the only child of a group, `try await clock.sleep(for: duration)` then the timeout, and `defer { group.cancelAll() }` ends it when the call answers. Wrap the wait in `withTaskCancellationHandler` whose `onCancel` ends it with `CancellationError`. When the end is not the call's answer, call `stop()` once, outside the lock, whether the stop arrived before or after the end.",
    ],
    raceTests: ["answerAndCancelFromTwoThreads()"],
    antiPatterns: [
      AntiPattern(
        id: "timeout-waits-for-call", "The timeout waited for a call that ignores cancellation",
        implies: ["cancel-ignored", "not-stopped"]),
      AntiPattern(id: "not-stopped", "A call that lost to the timeout was never told to stop"),
      AntiPattern(id: "stopped-in-time", "A call that answered in time was told to stop"),
      AntiPattern(id: "timer-left-running", "The timer was left waiting after the answer"),
      AntiPattern(id: "cancel-ignored", "The caller's cancel waited for the call"),
      AntiPattern(id: "answered-inside-start", "An answer given inside `start` was lost"),
      AntiPattern(id: "late-answer-resumed", unlisted: "A late answer resumes the caller's wait a second time"),
      AntiPattern(id: "real-clock", unlisted: "The timeout does not wait on the clock it is given"),
      AntiPattern(id: "stop-under-lock", unlisted: "The call is told to stop under a lock its answer needs"),
      AntiPattern(id: "wrong-duration", unlisted: "The timeout waits for another duration than the one given"),
      AntiPattern(
        id: "wrong-answer",
        unlisted: "Returns or throws something other than the first of the answer, the time, the cancel"),
    ])
}
