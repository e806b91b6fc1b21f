/// The course as data: every topic and exercise, in teaching order.
///
/// The `course` command, the test kit's "not started" report, the maintainers'
/// `verify` and the README's table all read this one list. Each topic's entries
/// live in a file of their own (`Catalog+PromiseChains.swift`, ...).
public enum Catalog {
  /// Every topic, in teaching order.
  public static let topics: [Topic] = [
    promiseChains,
    anyPromiseSemantics,
    continuationAdapters,
    repeatingSources,
    mainActorDelegates,
    provingAdapters,
    capstone,
    strictConcurrency,
    actorsAndTasks,
    uncooperativeLegacy,
  ]

  /// Every exercise with its topic, in teaching order.
  public static var exercises: [(topic: Topic, exercise: Exercise)] {
    topics.flatMap { topic in topic.exercises.map { (topic, $0) } }
  }

  /// The exercise with `id`, and its topic.
  public static func exercise(_ id: String) -> (topic: Topic, exercise: Exercise)? {
    exercises.first { $0.exercise.id == id }
  }

  /// The topic whose number or module name is `key` (case-insensitive for the name).
  public static func topic(_ key: String) -> Topic? {
    topics.first { String($0.number) == key || $0.module.lowercased() == key.lowercased() }
  }

  /// The README's map of topics and exercises, as a Markdown table; the audit keeps the README in step.
  public static var markdownTable: String {
    var lines = ["| # | exercise | grade | points | lesson |", "|---|---|---|---|---|"]
    for topic in topics {
      lines.append(
        "| **\(topic.number)** | **\(topic.title)** (`\(topic.module)`) | | | [\(topic.lessonFile)](\(topic.lessonPath)) |"
      )
      for exercise in topic.exercises {
        lines.append(
          "| \(exercise.id) | \(exercise.title) | \(exercise.grade.rawValue) \(exercise.grade.name) | \(exercise.points) | [#\(exercise.lessonAnchor)](\(topic.lessonLink(exercise))) |"
        )
      }
    }
    return lines.joined(separator: "\n")
  }
}
