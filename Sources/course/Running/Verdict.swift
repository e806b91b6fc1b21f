/// What checking an exercise found, in words a learner can act on.
enum Verdict: Equatable, Codable, Sendable {
  /// Every test passed.
  case passed
  /// The stub is still there; the payload is the kit's "not started" sentence.
  case notStarted(String)
  /// Some tests failed; each failure names the test and says what was wrong.
  case failing([Failure])
  /// The code does not compile; the payload is the compiler's first error in the learner's file.
  case doesNotCompile(String)
  /// The test process crashed; the payload is the runtime's message and the test that was running.
  case crashed(String)
  /// The tests did not finish, and nothing in the process ran for `seconds`; the payload names the tests still running.
  case timedOut(seconds: Int, running: [String])
  /// The tests did not finish, and a thread kept a CPU busy for `seconds`; the payload names the tests still running.
  case loops(seconds: Int, running: [String])
  /// An exercise this one builds on does not compile; the payload is its id and the compiler's first error.
  case waiting(for: String, String)
  /// No test of the exercise ran (its suite is missing or filtered out).
  case noTests

  /// One failed test and its messages.
  struct Failure: Equatable, Codable, Sendable {
    var test: String
    /// The test's sentences as a learner reads them, without their tags.
    var messages: [String]
    /// The ids of the anti-patterns its sentences name, in order (`nil` in a verdict saved before ids).
    var antiPatterns: [String]? = nil
  }

  var isPassed: Bool { self == .passed }

  /// Whether the verdict says something about this exercise's own file (a waiting one does not).
  var judgesTheExercise: Bool {
    if case .waiting = self { return false }
    return true
  }

  private static func list(_ tests: [String]) -> String {
    tests.isEmpty ? "a test" : tests.map { "\"\($0)\"" }.joined(separator: ", ")
  }

  /// The one-word state shown in the overview.
  var state: String {
    switch self {
    case .passed: "passed"
    case .notStarted: "not started"
    case .failing: "failing"
    case .doesNotCompile: "does not compile"
    case .crashed: "crashed"
    case .timedOut: "hangs"
    case .loops: "loops forever"
    case .waiting(let other, _): "waiting for \(other)"
    case .noTests: "no tests"
    }
  }

  /// The verdict as a few lines of plain text.
  var explanation: [String] {
    switch self {
    case .passed:
      ["Passed: every test of this exercise passes."]
    case .notStarted(let message):
      [message]
    case .failing(let failures):
      failures.flatMap { failure in
        ["✗ \(failure.test)"] + failure.messages.map { "    " + $0.replacingOccurrences(of: "\n", with: "\n    ") }
      }
    case .doesNotCompile(let error):
      ["Does not compile. The compiler's first error:", "    " + error]
    case .crashed(let message):
      ["Crashed: the test process died before the tests finished.", "    " + message]
    case .timedOut(let seconds, let running):
      [
        "Hangs: \(Self.list(running)) never finished, and nothing in the test process ran for \(seconds) s.",
        "    A continuation that is never resumed, or `wait()` on a queue its own chain needs, hangs like this.",
      ]
    case .loops(let seconds, let running):
      [
        "Loops forever: \(Self.list(running)) never finished, and a thread kept a CPU busy for \(seconds) s without a test ending.",
        "    A loop whose condition never changes (`while true {}`, a retry without a limit) does this; the test process was stopped.",
      ]
    case .waiting(let other, let error):
      [
        "Waiting for \(other), which this exercise builds on and which does not compile. Its first error:",
        "    " + error,
        "    Your progress on this exercise is kept; fix \(other) first.",
      ]
    case .noTests:
      ["No test of this exercise ran: is its suite missing, or renamed?"]
    }
  }
}
