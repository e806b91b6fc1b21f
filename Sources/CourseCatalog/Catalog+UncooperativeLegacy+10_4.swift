extension Catalog {
  /// 10.4: Observers become a stream.
  static let observerStream = Exercise(
    id: "10.4", title: "Observers become a stream", grade: .practice, points: 20,
    name: "Ex10_4_ObserverStream", lessonAnchor: "observers-become-a-stream",
    hints: [
      "TODO",
    ],
    antiPatterns: [
    ])
}
