extension Catalog {
  /// 10.1: A timeout around a call that ignores cancellation.
  static let legacyTimeout = Exercise(
    id: "10.1", title: "A timeout around a call that ignores cancellation", grade: .challenge, points: 30,
    name: "Ex10_1_LegacyTimeout", lessonAnchor: "a-timeout-around-a-call-that-ignores-cancellation",
    hints: [
      "TODO",
    ],
    antiPatterns: [
    ])
}
