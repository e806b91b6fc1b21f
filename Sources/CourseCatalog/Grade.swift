/// How hard an exercise is, from a warm-up to an interview-hard problem.
public enum Grade: Int, Sendable, Comparable, CaseIterable, Codable {
  /// A warm-up: one idea, a few lines.
  case warmUp = 1
  /// A practice exercise: the idea applied with its usual pitfalls.
  case practice = 2
  /// A challenge: several ideas together, or a subtle failure mode.
  case challenge = 3
  /// What a senior interview asks: design, trade-offs and the edge cases.
  case interviewHard = 4

  /// A short name for tables and the `course` overview.
  public var name: String {
    switch self {
    case .warmUp: "warm-up"
    case .practice: "practice"
    case .challenge: "challenge"
    case .interviewHard: "interview-hard"
    }
  }

  public static func < (lhs: Grade, rhs: Grade) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}
