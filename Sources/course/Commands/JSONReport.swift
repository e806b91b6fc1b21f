import CourseCatalog
import Foundation

/// The JSON shapes of `course --json` and `course check --json`, kept stable for scripts and dashboards.
enum JSONReport {
  struct ExerciseState: Encodable {
    var id: String
    var topic: String
    var title: String
    var grade: Int
    var points: Int
    var state: String
    var file: String
    var lesson: String
    var check: String
    var messages: [String]
    /// The ids of the anti-patterns the failing tests name, in the order a learner reads them, each once.
    var antiPatterns: [String]
  }

  struct Overview: Encodable {
    var earnedPoints: Int
    var totalPoints: Int
    var passed: Int
    var exercises: [ExerciseState]
    var next: String?
  }

  static func state(_ topic: Topic, _ exercise: Exercise, _ verdict: Verdict?) -> ExerciseState {
    ExerciseState(
      id: exercise.id, topic: topic.module, title: exercise.title, grade: exercise.grade.rawValue,
      points: exercise.points, state: verdict?.state ?? "changed", file: topic.exercisePath(exercise),
      lesson: topic.lessonLink(exercise), check: "swift test --filter \(topic.filter(exercise))",
      messages: verdict.map { verdict in
        if case .notStarted(let message) = verdict, message.isEmpty { return [] }
        return verdict.explanation
      } ?? [], antiPatterns: verdict.map(antiPatterns) ?? [])
  }

  /// The anti-pattern ids of a failing verdict's shown failures, first-named first, without repeats.
  static func antiPatterns(of verdict: Verdict) -> [String] {
    guard case .failing(let failures) = verdict else { return [] }
    var seen: Set<String> = []
    return failures.flatMap { $0.antiPatterns ?? [] }.filter { seen.insert($0).inserted }
  }

  static func overview(
    _ course: Course, states: [String: Verdict?], earned: Int, total: Int, next: (topic: Topic, exercise: Exercise)?
  ) throws -> String {
    let exercises = course.exercises.map { state($0.topic, $0.exercise, states[$0.exercise.id] ?? nil) }
    let report = Overview(
      earnedPoints: earned, totalPoints: total, passed: exercises.filter { $0.state == "passed" }.count,
      exercises: exercises, next: next?.exercise.id)
    return try encode(report)
  }

  static func encode(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
