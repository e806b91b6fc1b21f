import Synchronization

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

/// Which exercise stubs have been reached in this process, and how often.
///
/// Written by ``NotStarted``; read by the test kit to tell a stub from a wrong answer.
public enum StubLedger {
  private struct Entry {
    var count = 0
    var parts: Set<String> = []
  }

  private static let entries = Mutex<[String: Entry]>([:])

  static func record(_ exercise: String, part: String?) {
    entries.withLock { entries in
      entries[exercise, default: Entry()].count += 1
      if let part { entries[exercise, default: Entry()].parts.insert(part) }
    }
  }

  /// How many times the stub of `exercise` has been reached so far.
  public static func count(_ exercise: String) -> Int {
    entries.withLock { $0[exercise]?.count ?? 0 }
  }

  /// The sentence that tells a learner what to do about the stub of `exercise`.
  public static func report(for exercise: String) -> String {
    message(for: exercise, parts: entries.withLock { $0[exercise]?.parts ?? [] })
  }

  static func message(for id: String, parts: Set<String>) -> String {
    let unfinished = parts.sorted().map { "`\($0)`" }.joined(separator: ", ")
    guard let (topic, exercise) = Catalog.exercise(id) else {
      return "Exercise \(id) is not started yet."
    }
    var sentence = "Exercise \(id) (\(exercise.title)) is not started yet"
    if !unfinished.isEmpty { sentence += ": \(unfinished) still throws NotStarted" }
    return sentence
      + ". Open \(topic.exercisePath(exercise)), read \(topic.lessonLink(exercise)),"
      + " then check it with `swift test --filter \(topic.filter(exercise))`."
  }
}
