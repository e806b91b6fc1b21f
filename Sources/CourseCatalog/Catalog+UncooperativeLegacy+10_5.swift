extension Catalog {
  /// 10.5: Keep the source alive until it answers.
  static let keptAlive = Exercise(
    id: "10.5", title: "Keep the source alive until it answers", grade: .practice, points: 20,
    name: "Ex10_5_KeptAlive", lessonAnchor: "keep-the-source-alive-until-it-answers",
    hints: [
      "TODO",
    ],
    antiPatterns: [
    ])
}
