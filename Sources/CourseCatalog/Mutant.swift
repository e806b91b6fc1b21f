/// A broken version of an exercise's subject, which a learner's tests of topic 7 must catch.
///
/// Topic 7 grades tests the way mutation testing does: by the broken versions they catch. A
/// hand-written mutant is a plausible mistake from the lessons, compiled into the subjects module
/// beside the correct subject and chosen when the tests run (`COURSE_MUTANT`); a verdict names one
/// that survives by what it does, in the lesson's words, and never shows its code. A mutant the
/// operators made (``change``) is no one's mistake: its verdict names the header rule it breaks and
/// shows the one line it changed.
///
/// ```swift
/// Mutant(
///   "done-only", does: "never resumes when the promise is rejected",
///   catchIt: "Add a test of the failure path, under `withDeadline`: it would see the call hang.")
/// ```
public struct Mutant: Sendable, Codable, Hashable {
  /// Its name, `COURSE_MUTANT`'s value for its exercise: `done-only`.
  public let slug: String
  /// What it is, with its article: "an adapter", "a presenter", "a stream".
  public let subject: String
  /// The path of the subject it breaks, such as "the failure path": a verdict folds the mutants that
  /// survive on one path under the first, since one missing test is their cause.
  public let path: String?
  /// What it does, finishing the sentence "an adapter that …".
  public let does: String
  /// What a test that catches it would do and observe, in a sentence or two.
  public let catchIt: String
  /// For a teammate's suite to fix (7.5): the test of that suite, `function()`, that is right and
  /// catches this mutant; the learner's fix must keep it, and it must still catch the mutant.
  public let keptTest: String?
  /// For a mutant the operators made (``OperatorMutant``): the change, and the rule it breaks; `nil` for a
  /// hand-written one.
  public let change: OperatorMutant?

  /// A mutant named `slug` that `does` something wrong, which a test catches as `catchIt` says.
  public init(
    _ slug: String, subject: String = "an adapter", on path: String? = nil, does: String, catchIt: String,
    keptTest: String? = nil
  ) {
    self.slug = slug
    self.subject = subject
    self.path = path
    self.does = does
    self.catchIt = catchIt
    self.keptTest = keptTest
    change = nil
  }

  /// The mutant `change` of a subject: `subject` ("an adapter") changed as the operator changed it; a test
  /// catches it as `catchIt` says (the words of a hand-written mutant of the rule it breaks).
  public init(_ change: OperatorMutant, subject: String, catchIt: String) {
    slug = String(change.number)
    self.subject = subject
    path = nil
    does = "has line \(change.line) changed by the operator \(change.operation)"
    self.catchIt = catchIt
    keptTest = nil
    self.change = change
  }

  /// The verdict's sentence when the learner's tests pass this mutant.
  public var survives: String {
    guard let change else { return "Your tests pass \(subject) that \(does). \(catchIt)" }
    // A bullet's words end as its list goes on (`;`): here they end a sentence.
    var rule = change.rule
    while let last = rule.last, ";,:".contains(last) { rule.removeLast() }
    if let last = rule.last, !".!?".contains(last) { rule += "." }
    return
      "Your tests pass \(subject) that breaks the header's rule \(change.ruleIDs) (the operator \(change.operation) changed line \(change.line) of the subject): \(rule)"
  }

  /// For an operator mutant, the rest of its verdict: the changed line as a two-line diff of the subject
  /// (no hand-written mutant has one: its code is the course's secret, where an operator's change is a
  /// fact about the subject), and what a test that catches it does.
  public var changeShown: [String] {
    guard let change else { return [] }
    // A statement of several lines is shown by its first, with how many it has: a diff stays two lines.
    func shown(_ lines: [String]) -> String {
      lines.count > 1 ? "\(lines[0]) … (\(lines.count) lines)" : lines.first ?? ""
    }
    let before = shown(change.original)
    let after = change.replacement.isEmpty ? "(removed)" : shown(change.replacement)
    return [
      "- \(before)", "+ \(after)",
      "The reference suite catches it in its test \"\(change.caughtBy)\": write a test of that rule that would fail against this change, as that one does\(catchIt.isEmpty ? "." : ". \(catchIt)")",
    ]
  }

  /// The subject the learner's tests must pass: "the correct adapter".
  public var correctSubject: String {
    "the correct " + (subject.split(separator: " ", maxSplits: 1).last.map(String.init) ?? subject)
  }
}
