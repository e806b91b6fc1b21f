extension Catalog {
  /// 10.4: Observers become a stream.
  static let observerStream = Exercise(
    id: "10.4", title: "Observers become a stream", grade: .practice, points: 20,
    name: "Ex10_4_ObserverStream", lessonAnchor: "observers-become-a-stream",
    hints: [
      "The centre calls its observers synchronously and keeps nothing: add the observer inside `AsyncStream { continuation in ... }`, which runs before the initializer returns, never in a `Task` or on the first `next()`.",
      "One call, one `addObserver`, one token: yield from the handler, on the posting thread, and keep the default, unbounded buffer.",
      "Remove the token in `continuation.onTermination`, whatever the termination: a cancel, a loop that breaks and lets the stream go, or a stream nobody read.",
    ],
    raceTests: ["postsFromManyThreads()"],
    antiPatterns: [
      // A stream released before its late registration is made never hears of the removal it needed.
      AntiPattern(id: "registered-late", "Add the observer before the function returns", implies: ["never-removed"]),
      // A stream cached for every caller is never released, so its observer is never removed either.
      AntiPattern(id: "shared-registration", "One registration per stream", implies: ["never-removed"]),
      AntiPattern(id: "dropped", "Keep every notice until it is read"),
      AntiPattern(id: "reordered", "Yield in the observer, on the posting thread"),
      AntiPattern(id: "never-removed", "Remove the observer in `onTermination`"),
      AntiPattern(id: "race", "Keep nothing in the observer but the continuation"),
    ])
}
