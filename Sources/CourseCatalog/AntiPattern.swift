/// One anti-pattern a lesson says the tests catch, linked to the wrong answers that prove it.
///
/// A lesson's "Anti-patterns the tests catch" list is a promise; the corpus of wrong
/// answers in `Tests/WrongAnswers/` keeps it. The catalog is the one place that links
/// the two, and the audit fails when a bullet has no wrong answer or a wrong answer
/// no bullet, so lessons and tests agree by construction.
///
/// ```swift
/// AntiPattern("A chain with only `.done` never resumes", wrongAnswers: ["done-only", "done-underscore"])
/// ```
public struct AntiPattern: Sendable, Codable, Hashable {
  /// The start of the lesson's bullet, enough to find it: the audit matches it against the lesson's text.
  public let bullet: String
  /// The slugs of the wrong answers that commit this mistake: `Tests/WrongAnswers/<Topic>/<id>-<slug>.swift`.
  public let wrongAnswers: [String]

  /// Links the lesson bullet that starts with `bullet` to the wrong answers named by `wrongAnswers`.
  public init(_ bullet: String, wrongAnswers: [String]) {
    self.bullet = bullet
    self.wrongAnswers = wrongAnswers
  }
}
