/// A name a learner's own tests must not use (topic 7), with the sentence the check says when they do.
///
/// Some rules of an exercise where the learner writes the tests are about the tests, not the
/// subject: 7.3's tests never touch the legacy singleton. No mutant can show such a rule broken,
/// so the check reads the learner's file instead, without its comments.
public struct SuiteRule: Sendable, Codable, Hashable {
  /// What the code must not contain, such as `"ArticleCloud.shared"`.
  public let forbidden: String
  /// What the verdict says when the code does, ending with the tag of its anti-pattern.
  public let sentence: String

  /// A rule against `forbidden` in the learner's tests; `sentence` says why, in the lesson's words.
  public init(forbidding forbidden: String, _ sentence: String) {
    self.forbidden = forbidden
    self.sentence = sentence
  }

  /// Whether `source`, read without its comments, uses what the rule forbids.
  public func isBroken(by source: String) -> Bool {
    Self.withoutComments(source).contains(forbidden)
  }

  /// `source` without its `//` and `/* */` comments: a note that names the singleton does not use it.
  ///
  /// Shared with the graded suites' checks of a learner's file (`ExerciseSource.code(of:)`).
  public static func withoutComments(_ source: String) -> String {
    var code = ""
    var rest = Substring(source)
    while let open = rest.firstRange(of: "/") {
      let after = rest[open.upperBound...]
      if after.hasPrefix("/") {
        code += rest[..<open.lowerBound]
        rest = after.firstIndex(of: "\n").map { after[$0...] } ?? ""
      } else if after.hasPrefix("*") {
        code += rest[..<open.lowerBound]
        rest = after.firstRange(of: "*/").map { after[$0.upperBound...] } ?? ""
      } else {
        code += rest[...open.lowerBound]
        rest = after
      }
    }
    return code + rest
  }
}
