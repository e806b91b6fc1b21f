/// A mutant the operators made of a topic 7 subject, which the reference suite of its exercise catches.
///
/// Topic 7 grades a learner's tests by the hand-written mutants of each subject first, and then by every
/// mutant the mutation operators make of the subject's own code (`course prove --mutants 7` finds them and
/// writes this list). The hand-written ones are the authors' choice; these are nobody's, so a suite that
/// tests every rule of its header catches them too. Each is traced to the header rule it breaks: the rule
/// whose hand-written mutants the same reference test catches.
public struct OperatorMutant: Sendable, Codable, Hashable {
  /// Its number among the subject's operator mutants, from 1: `COURSE_MUTANT_FILE`'s value for its exercise.
  public let number: Int
  /// The operator that made it, such as `"remove-statement"`.
  public let operation: String
  /// The subject's line it changes first, counted from 1.
  public let line: Int
  /// The lines it replaces, as the subject has them, without their indentation.
  public let original: [String]
  /// What stands in their place, without indentation: nothing when a statement is removed.
  public let replacement: [String]
  /// The ids of the header rule it breaks, the slugs of that rule's hand-written mutants: `["never-finishes"]`.
  public let breaks: [String]
  /// That rule's words, as the exercise's header says them.
  public let rule: String
  /// The reference suite's test that catches it, by its display name.
  public let caughtBy: String

  /// Operator mutant `number`, made by `operation` at `line`, which breaks rule `breaks` and which the
  /// reference test `caughtBy` catches.
  public init(
    _ number: Int, _ operation: String, line: Int, original: [String], replacement: [String], breaks: [String],
    rule: String, caughtBy: String
  ) {
    self.number = number
    self.operation = operation
    self.line = line
    self.original = original
    self.replacement = replacement
    self.breaks = breaks
    self.rule = rule
    self.caughtBy = caughtBy
  }
}

extension OperatorMutant {
  /// The ids of the rule it breaks as a header writes them: `[out-of-order] [never-finishes]`.
  public var ruleIDs: String { breaks.map { "[\($0)]" }.joined(separator: " ") }
}

/// What `course prove --mutants 7` found of one subject's operator mutants.
public struct SubjectMutants: Sendable, Hashable {
  /// How many mutants the operators make of the subject's own code.
  public let made: Int
  /// The numbers of those the compiler rejects.
  public let stillborn: [Int]
  /// Those that compile, are not equivalent, and that the reference suite catches: a learner's suite meets these.
  public let live: [OperatorMutant]

  /// The findings of one subject: `made` mutants, `stillborn` of them rejected, `live` graded.
  public init(made: Int, stillborn: [Int], live: [OperatorMutant]) {
    self.made = made
    self.stillborn = stillborn
    self.live = live
  }
}
