extension Catalog {
  /// 10.3: The same turn of the main queue.
  static let sameTurn = Exercise(
    id: "10.3", title: "The same turn of the main queue", grade: .practice, points: 20,
    name: "Ex10_3_SameTurn", lessonAnchor: "the-same-turn-of-the-main-queue",
    hints: [
      "The list reads `numberOfRows(in:)` before `listView(_:didReceive:)`'s caller has returned: a `Task { @MainActor in }` or `DispatchQueue.main.async` in the callback runs after the list has drawn the old rows.",
      "Change `messages` in the callback itself, synchronously. The SDK documents the main thread, so the callback already runs there; say so in a way the runtime checks: `MainActor.assumeIsolated { … }`.",
      "Answer the reads the same way, from `messages`, in order: `MainActor.assumeIsolated { messages.count }`. Called from any other thread, it stops the process at once instead of racing.",
    ],
    antiPatterns: [
      AntiPattern(id: "deferred-update", "The list read the old rows in the turn it announced new ones"),
      AntiPattern(id: "unchecked-hop", "Called off the main thread, the model answered there"),
      AntiPattern(id: "unchecked-state", "`messages` left the compiler's checks", implies: ["unchecked-hop"]),
      AntiPattern(
        id: "wrong-rows", unlisted: "The rows are not the messages received so far, one each, oldest first"),
    ])
}
