extension Catalog {
  /// 10.2: cleanup in a main-actor deinit.
  static let mainActorDeinit = Exercise(
    id: "10.2", title: "Cleanup in a main-actor deinit", grade: .practice, points: 20,
    name: "Ex10_2_MainActorDeinit", lessonAnchor: "cleanup-in-a-main-actor-deinit",
    hints: [
      "Keep what the cleanup needs in stored properties of `Sendable` types: the service and the token. A deinit may read its own stored properties on any thread, and `invalidate` is safe from any thread.",
      "The timer's handler runs on the service's thread and outlives nothing if it holds the model weakly: `[weak self]`, then `Task { @MainActor in self?.seconds += 1 }`.",
      "Write a plain `deinit` that invalidates the token. No `MainActor.assumeIsolated` (it traps off the main thread), no `Task` and no `isolated deinit` (both run the cleanup later, on the main actor).",
    ],
    antiPatterns: [
      AntiPattern(id: "assumed-in-deinit", "A deinit that assumed the main actor stopped the app"),
      AntiPattern(id: "cleanup-deferred", "The cleanup waited for the main actor"),
      AntiPattern(id: "model-kept-alive", "The timer kept the model alive"),
      AntiPattern(id: "assumed-on-timer-thread", "A tick assumed the main thread"),
      AntiPattern(id: "never-invalidated", unlisted: "The timer is never invalidated"),
      AntiPattern(id: "ticks-lost", unlisted: "Each time the timer fires, `seconds` does not grow by one"),
    ])
}
