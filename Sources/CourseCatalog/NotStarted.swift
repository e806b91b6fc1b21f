import Locking

/// The marker every exercise stub returns or throws until the learner replaces it.
///
/// Creating one records that the stub was reached, so the test kit can report
/// "exercise 1.3 is not started yet: open this file, read that lesson" instead of
/// a wall of failed expectations. It never traps: a stub that crashed would take
/// every other result down with it.
///
/// ```swift
/// public func login(...) -> Promise<Session> {
///   Promise(error: NotStarted("1.1"))   // replace this line
/// }
/// ```
public struct NotStarted: Error, CustomStringConvertible {
  /// The id of the exercise whose stub was reached.
  public let exercise: String
  /// The part of the exercise (a function name) when it has several.
  public let part: String?

  /// Records that the stub of `exercise` (its `part`, if it has several) was reached.
  public init(_ exercise: String, _ part: String? = nil) {
    self.exercise = exercise
    self.part = part
    StubLedger.record(exercise, part: part)
  }

  public var description: String {
    StubLedger.message(for: exercise, parts: part.map { [$0] } ?? [])
  }
}

/// Every stub reached in this process, in order.
///
/// Written by ``NotStarted``; read by the test kit to tell a stub from a wrong answer, and to
/// say which part of an exercise a test reached.
public enum StubLedger {
  private static let reached = Locked<[(exercise: String, part: String?)]>([])

  static func record(_ exercise: String, part: String?) {
    reached.withLock { $0.append((exercise, part)) }
  }

  /// A mark to pass to ``count(_:since:)`` and ``report(for:since:)`` later.
  public static var mark: Int {
    reached.withLock { $0.count }
  }

  /// How many times the stub of `exercise` has been reached since `mark`.
  public static func count(_ exercise: String, since mark: Int = 0) -> Int {
    reached.withLock { $0.dropFirst(mark).filter { $0.exercise == exercise }.count }
  }

  /// The exercises whose stubs were reached since `mark`, in the order they were first reached.
  public static func exercises(since mark: Int) -> [String] {
    reached.withLock { entries in
      var ids: [String] = []
      for entry in entries.dropFirst(mark) where !ids.contains(entry.exercise) { ids.append(entry.exercise) }
      return ids
    }
  }

  /// The sentence that tells a learner what to do about the stub of `exercise` reached since `mark`.
  public static func report(for exercise: String, since mark: Int = 0) -> String {
    let parts = reached.withLock { Set($0.dropFirst(mark).filter { $0.exercise == exercise }.compactMap(\.part)) }
    return message(for: exercise, parts: parts)
  }

  static func message(for id: String, parts: Set<String>) -> String {
    guard let (topic, exercise) = Catalog.exercise(id) else {
      return "Exercise \(id) is not started yet."
    }
    var sentence = "Exercise \(id) (\(exercise.title)) is not started yet"
    if !parts.isEmpty {
      sentence += " (this test reached the stub of \(parts.sorted().map { "`\($0)`" }.joined(separator: ", ")))"
    }
    return sentence
      + ". Open \(topic.exercisePath(exercise)), read \(topic.lessonLink(exercise)),"
      + " then check it with `swift run course check \(id)`."
  }
}
