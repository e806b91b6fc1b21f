import Foundation

/// Which subject this test process exercises: the correct one, or a hidden mutant of an exercise.
///
/// `course check` runs a learner's tests of topic 7 once per mutant, from one build, naming the
/// mutants as `7.1=done-only,7.4=never-finishes` (one mutant per exercise at most), in the file that
/// `COURSE_MUTANT_FILE` names; `COURSE_MUTANT` itself, when set, names them directly. Without either,
/// in Xcode or under plain `swift test`, every subject is the correct one. A child process that an
/// exit test starts inherits the environment, so it runs the same subject as its parent.
enum Mutant {
  private static let chosen: [String: String] = {
    let environment = ProcessInfo.processInfo.environment
    let named = environment["COURSE_MUTANT_FILE"].flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }
    let value = environment["COURSE_MUTANT"] ?? named ?? ""
    var chosen: [String: String] = [:]
    for pair in value.split(whereSeparator: { $0 == "," || $0.isNewline }) {
      let parts = pair.split(separator: "=", maxSplits: 1)
      if parts.count == 2 { chosen[String(parts[0])] = String(parts[1]) }
    }
    return chosen
  }()

  /// The slug of the mutant that stands in for `exercise`'s subject in this process; `nil` for the correct one.
  static func chosen(for exercise: String) -> String? {
    chosen[exercise]
  }
}

/// The error some mutants throw in place of the legacy source's own.
struct AdapterFailed: Error, CustomStringConvertible {
  var description: String { "The request failed." }
}
