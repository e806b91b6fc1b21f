/// One topic of the course: a lesson, an exercise target, a hidden solution module and a test target.
public struct Topic: Sendable, Codable, Hashable {
  /// The topic's place in the teaching order, from 1.
  public let number: Int
  /// The module name shared by `Exercises/<module>`, `Solutions/<module>` and `<module>Tests`.
  public let module: String
  /// What the topic teaches, in a few words.
  public let title: String
  /// The lesson's file under `Docs/`, such as `01-promise-chains.md`.
  public let lessonFile: String
  /// The exercises, in the order a learner should do them.
  public let exercises: [Exercise]
  /// For each of the lesson's interview questions, in order, the id of the exercise that practises it.
  public let interviewPractice: [String]
  /// Whether the learner writes the tests (topic 7): each exercise file is then a suite of the learner's,
  /// graded by the mutants it catches (``Exercise/mutants``), and the topic has no graded suites of its own.
  public let learnerWritesTests: Bool

  /// Describes a topic.
  public init(
    number: Int, module: String, title: String, lessonFile: String, exercises: [Exercise],
    interviewPractice: [String] = [], learnerWritesTests: Bool = false
  ) {
    self.number = number
    self.module = module
    self.title = title
    self.lessonFile = lessonFile
    self.exercises = exercises
    self.interviewPractice = interviewPractice
    self.learnerWritesTests = learnerWritesTests
  }

  /// The test target's name.
  public var testModule: String { module + "Tests" }

  /// The lesson's path from the package root.
  public var lessonPath: String { "Docs/" + lessonFile }
}

extension Topic {
  /// The learner's file for `exercise`, from the package root.
  public func exercisePath(_ exercise: Exercise) -> String {
    "Exercises/\(module)/\(exercise.fileName)"
  }

  /// The hidden solution's file for `exercise`, from the package root.
  public func solutionPath(_ exercise: Exercise) -> String {
    "Solutions/\(module)/\(exercise.fileName)"
  }

  /// The lesson section for `exercise`, as a path with its anchor.
  public func lessonLink(_ exercise: Exercise) -> String {
    "\(lessonPath)#\(exercise.lessonAnchor)"
  }

  /// The `swift test --filter` expression that selects exactly this exercise's suite.
  ///
  /// Suite names end in `Tests`, so no exercise's filter is a prefix of another's
  /// (`Ex1_1_...Tests` never matches `Ex1_10_...Tests`).
  public func filter(_ exercise: Exercise) -> String {
    "\(testModule).\(exercise.suiteName)"
  }
}
