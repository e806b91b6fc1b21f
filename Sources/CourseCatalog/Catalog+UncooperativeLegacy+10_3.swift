extension Catalog {
  /// 10.3: The same turn of the main queue.
  static let sameTurn = Exercise(
    id: "10.3", title: "The same turn of the main queue", grade: .practice, points: 20,
    name: "Ex10_3_SameTurn", lessonAnchor: "the-same-turn-of-the-main-queue",
    hints: [
      "TODO",
    ],
    antiPatterns: [
    ])
}
