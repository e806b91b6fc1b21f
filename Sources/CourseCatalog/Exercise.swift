/// One graded exercise: a file a learner edits, the suite that checks it, and the help around it.
///
/// Everything the `course` command, the test kit and the maintainers' check know
/// about an exercise comes from here, so nothing repeats it.
public struct Exercise: Sendable, Codable, Hashable {
  /// The stable id learners type, such as `"1.3"`.
  public let id: String
  /// A title that says what the learner builds.
  public let title: String
  /// How hard it is.
  public let grade: Grade
  /// What passing it is worth.
  public let points: Int
  /// The file's base name, the same under `Exercises/<Topic>/` and `Solutions/<Topic>/`.
  public let name: String
  /// The heading anchor in the topic's lesson that this exercise practises.
  public let lessonAnchor: String
  /// One to three hints, each giving away a little more than the last.
  public let hints: [String]
  /// What the learner is given: a stub to fill in, or working-but-wrong code to review and fix.
  public let kind: Kind
  /// The ids of earlier exercises whose code this one uses (5.2 uses 5.1's handler).
  public let buildsOn: [String]
  /// The lesson's anti-patterns that this exercise's suite catches, each with the wrong answers that prove it.
  public let antiPatterns: [AntiPattern]
  /// Where the learner writes the tests (topic 7): the broken subjects those tests must catch.
  public let mutants: [Mutant]
  /// Where the learner writes the tests (topic 7): what those tests must not use.
  public let suiteRules: [SuiteRule]
  /// The tests of its suite that force a race onto two threads (`concurrentCallbacks()`): once the
  /// plain suite passes, `course check` runs them again under the thread sanitizer, which sees the
  /// unsynchronized access on every run, where the plain run sees it only when two cores are free.
  public let raceTests: [String]
  /// Where the compiler grades the exercise (topic 8): how its file is built in the Swift 6 language
  /// mode, and which escape hatches its header allows.
  public let swift6: Swift6Grading?

  /// What an exercise ships with.
  public enum Kind: String, Sendable, Codable, Hashable {
    /// A stub that throws or returns ``NotStarted``: its suite says "not started yet".
    case stub
    /// Code with the lesson's anti-patterns: its suite says what is still wrong.
    case review
  }

  /// Describes an exercise; `name` is its file's base name, such as `Ex1_3_HandleErrors`.
  public init(
    id: String, title: String, grade: Grade, points: Int, name: String, lessonAnchor: String, hints: [String],
    kind: Kind = .stub, buildsOn: [String] = [], mutants: [Mutant] = [], suiteRules: [SuiteRule] = [],
    raceTests: [String] = [], swift6: Swift6Grading? = nil, antiPatterns: [AntiPattern] = []
  ) {
    self.id = id
    self.title = title
    self.grade = grade
    self.points = points
    self.name = name
    self.lessonAnchor = lessonAnchor
    self.hints = hints
    self.kind = kind
    self.buildsOn = buildsOn
    self.antiPatterns = antiPatterns
    self.mutants = mutants
    self.suiteRules = suiteRules
    self.raceTests = raceTests
    self.swift6 = swift6
  }

  /// The name of the test suite that checks this exercise: the file's name plus `Tests`.
  public var suiteName: String { name + "Tests" }

  /// The exercise's file name, such as `Ex1_3_HandleErrors.swift`.
  public var fileName: String { name + ".swift" }
}
