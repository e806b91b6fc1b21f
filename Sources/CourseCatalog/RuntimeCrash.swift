/// The Swift runtime's own words about a crash, found in a dead process's output.
///
/// A learner's trap (a forced cast, a force unwrap, a second resume) is best explained by the
/// runtime's sentence, not by a signal number or a backtrace. The test kit reads it from an
/// exit test's child and the `course` runner from a test process, so both live here, once.
///
/// ```swift
/// RuntimeCrash.message(in: "Could not cast value of type 'Swift.String' (0x7f…) to 'Swift.Int' (0x7f…).")
/// // "Could not cast value of type 'Swift.String' to 'Swift.Int'."
/// ```
public enum RuntimeCrash {
  /// The line the runtime wrote about why the process died, tidied for a learner, or `nil` when it wrote none.
  public static func message(in output: String) -> String? {
    let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let telling =
      lines.first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
      ?? lines.first { line in
        ["Fatal error", "Precondition failed", "Assertion failed", "Could not cast value of type"].contains {
          line.contains($0)
        }
      }
    if let telling { return tidy(telling) }
    // The backtracer's headline ("*** Program crashed: Illegal instruction at 0x… ***") names the kind of crash.
    if let headline = lines.first(where: { $0.hasPrefix("*** Program crashed: ") }) {
      let reason = headline.dropFirst("*** Program crashed: ".count).replacingOccurrences(of: " ***", with: "")
      let kind = reason.components(separatedBy: " at 0x").first ?? reason
      return "the process crashed (\(kind.lowercased())) and the runtime gave no reason"
    }
    return nil
  }

  /// Drops what only a debugger needs: addresses, and the runtime's own source location.
  static func tidy(_ line: String) -> String {
    var text = line
    // "(0x7f8ca85d7ca0)" after a type name.
    while let open = text.range(of: " (0x"), let close = text[open.upperBound...].firstIndex(of: ")") {
      text.removeSubrange(open.lowerBound...close)
    }
    // "_Concurrency/CheckedContinuation.swift:169: Fatal error: …": the runtime's file is noise; a learner's is not.
    if let fatal = text.range(of: ": Fatal error: "),
      text[..<fatal.lowerBound].hasPrefix("Swift/")
        || text[..<fatal.lowerBound].hasPrefix("_Concurrency/")
    {
      text = "Fatal error: " + text[fatal.upperBound...]
    }
    return text
  }
}
