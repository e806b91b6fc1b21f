import CourseCatalog

extension Course {
  /// The exercise that the file `key` belongs to, or `nil` when `key` is not a file (a `.swift` name, or a path).
  ///
  /// Editors run commands on the open file: VS Code's "Check this exercise" task passes `${file}`,
  /// an absolute path. An exercise's file, its solution (same name) and its suite's file
  /// (`<name>Tests.swift`) all name the exercise; only the file's name counts, so the scratch copy
  /// and a path relative to anywhere work too.
  ///
  /// ```swift
  /// try course.exercise(forFile: "/home/me/course/Exercises/PromiseChains/Ex1_3_HandleErrors.swift")  // 1.3
  /// try course.exercise(forFile: "1.3")  // nil: an id, not a file
  /// ```
  ///
  /// - Throws: ``CourseError/usage(_:)`` for a file that belongs to no exercise, such as
  ///   `Package.swift`, a lesson or a file of `Sources/`, so the learner learns which files can be checked.
  func exercise(forFile key: String) throws -> (topic: Topic, exercise: Exercise)? {
    guard key.hasSuffix(".swift") || key.contains("/") else { return nil }
    let name = key.split(separator: "/").last.map(String.init) ?? key
    let isNamed = { (exercise: Exercise) in exercise.fileName == name || exercise.suiteName + ".swift" == name }
    if let found = exercises.first(where: { isNamed($0.exercise) }) { return found }
    throw CourseError.usage(
      "\(name) is not an exercise's file. Open an exercise's file in Exercises/ (or its suite in Tests/), or give its id, such as 1.1."
    )
  }
}
