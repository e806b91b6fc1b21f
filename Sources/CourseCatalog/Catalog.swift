/// The course as data: every topic and exercise, in teaching order.
///
/// The `course` command, the test kit's "not started" report, the maintainers'
/// `verify` and the README's table all read this one list. Each topic's entries
/// live in a file of their own (`Catalog+PromiseChains.swift`, ...).
public enum Catalog {
  /// Every topic, in teaching order.
  public static let topics: [Topic] = [
    promiseChains
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
}
