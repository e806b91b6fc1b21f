extension Catalog {
  /// 10.5: Keep the source alive until it answers.
  static let keptAlive = Exercise(
    id: "10.5", title: "Keep the source alive until it answers", grade: .practice, points: 20,
    name: "Ex10_5_KeptAlive", lessonAnchor: "keep-the-source-alive-until-it-answers",
    hints: [
      "A `ReportService` nobody holds goes away at once, and its `deinit` drops the request without calling the completion: the continuation is never resumed, and the `await` never returns.",
      "Let the completion hold the service strongly: `withExtendedLifetime(service) { continuation.resume(with: result) }`. A `[weak service]` or `[unowned service]` capture holds nothing.",
      "The service lets its completion go once it has called it, so that cycle ends with the answer. If you keep services in the client instead, one per call, remove each after its answer, on every path.",
    ],
    antiPatterns: [
      AntiPattern(
        id: "source-released", "A call whose service was released while its request was in flight never returned"),
      AntiPattern(id: "source-kept-forever", "A service was still alive after its call returned"),
      AntiPattern(
        id: "wrong-answer", unlisted: "Returns or throws something other than what its own service answered"),
    ])
}
