extension Catalog {
  /// 10.2: Cleanup in a main-actor deinit.
  static let mainActorDeinit = Exercise(
    id: "10.2", title: "Cleanup in a main-actor deinit", grade: .practice, points: 20,
    name: "Ex10_2_MainActorDeinit", lessonAnchor: "cleanup-in-a-main-actor-deinit",
    hints: [
      "TODO",
    ],
    antiPatterns: [
    ])
}
