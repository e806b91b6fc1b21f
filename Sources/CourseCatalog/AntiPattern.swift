/// One anti-pattern a lesson says the tests catch, declared once with its id and its bullet.
///
/// A lesson's "Anti-patterns the tests catch" list is a promise; the corpus of wrong
/// answers in `Tests/WrongAnswers/` keeps it. The id is the key every other place uses:
/// a wrong answer names the id it must trip (`// Anti-pattern: done-only`), and a graded
/// test's sentence ends with it (`… Resume from `.catch` too. [done-only]`). The audit fails
/// when a bullet has no id, an id no wrong answer, or a wrong answer or a sentence an id the
/// catalog does not declare, so lessons, tests and corpus agree by construction.
///
/// ```swift
/// AntiPattern(id: "done-only", "A chain with only `.done` never resumes")
/// ```
public struct AntiPattern: Sendable, Codable, Hashable {
  /// The anti-pattern's name within its exercise, in kebab case, such as `"done-only"`: stable, so
  /// sentences and wrong answers can name it while the prose around it changes.
  public let id: String
  /// The start of the lesson's bullet, enough to find it: the audit matches it against the lesson's
  /// text. `nil` for a rule the exercise's header states but the lesson does not list.
  public let bullet: String?
  /// What the mistake is, for a reader of the catalog: the bullet's start, or the unlisted rule's words.
  public let summary: String
  /// The ids, in the same exercise, of the failures this mistake also causes: code that commits it
  /// fails their tests too, as a consequence, not as a mistake of its own.
  ///
  /// A verdict folds a failure that names only these ids under the failure that names this one
  /// ("And because of that, 1 more check fails"), so a learner reads one cause, not two.
  public let implies: [String]

  /// Declares the anti-pattern `id`, whose lesson bullet starts with `bullet`; a wrong answer must commit it.
  public init(id: String, _ bullet: String, implies: [String] = []) {
    self.id = id
    self.bullet = bullet
    summary = bullet
    self.implies = implies
  }

  /// Declares `id` for a mistake against a rule the exercise's header states and its lesson does not
  /// list, so a test's sentence about it still has an id; no wrong answer is required to commit it.
  public init(id: String, unlisted summary: String, implies: [String] = []) {
    self.id = id
    bullet = nil
    self.summary = summary
    self.implies = implies
  }

  /// For each id in `antiPatterns`, every id it implies, directly or through another: the failures a
  /// verdict folds under it.
  public static func consequences(in antiPatterns: [AntiPattern]) -> [String: Set<String>] {
    let direct = Dictionary(antiPatterns.map { ($0.id, $0.implies) }) { first, _ in first }
    var closure: [String: Set<String>] = [:]
    for pattern in antiPatterns {
      var seen: Set<String> = []
      var next = pattern.implies
      while let id = next.popLast() {
        guard seen.insert(id).inserted else { continue }
        next += direct[id] ?? []
      }
      seen.remove(pattern.id)  // a cycle is the audit's to report; a mistake is never its own consequence
      closure[pattern.id] = seen
    }
    return closure
  }

  /// Whether `text` is shaped like an id: lowercase words and numbers joined by single dashes, with
  /// a letter somewhere, so `[99]` in a sentence is a number, not a tag.
  public static func isID(_ text: some StringProtocol) -> Bool {
    text.contains(where: \.isLetter) && !text.hasPrefix("-") && !text.hasSuffix("-") && !text.contains("--")
      && text.allSatisfy { ($0.isLetter && $0.isLowercase && $0.isASCII) || $0.isNumber || $0 == "-" }
  }
}
