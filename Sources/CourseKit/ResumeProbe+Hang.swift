import CourseCatalog
import Testing

extension ResumeProbe {
  /// Records an issue unless the child resumed exactly once, and explains a hang with the lesson's
  /// sentence about the path that hung, followed by the runtime's own words when it said any.
  ///
  /// The generic explanation of a hang ("something never resumed") is true but vague;
  /// the test knows which path it scripted, so it can say which resume is missing.
  ///
  /// ```swift
  /// ResumeProbe.expectExactlyOnce(
  ///   child, "ProfileLoader.profile(id:) given (nil, nil)",
  ///   ifHung: "An if/else-if on the two optionals never resumes on `(nil, nil)`: resume on every path.")
  /// ```
  public static func expectExactlyOnce(
    _ result: ExitTest.Result?, _ what: String, ifHung sentence: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    switch verdict(of: result) {
    case .leaked(let message):
      Issue.record(
        Comment(
          rawValue: AntiPattern.adding("(\(what) never resumed, and the runtime said: \(message))", to: sentence)),
        sourceLocation: sourceLocation)
    case .neverResumed:
      Issue.record(
        Comment(rawValue: AntiPattern.adding("(\(what) never resumed.)", to: sentence)), sourceLocation: sourceLocation)
    default:
      expectExactlyOnce(result, what, sourceLocation: sourceLocation)
    }
  }
}
