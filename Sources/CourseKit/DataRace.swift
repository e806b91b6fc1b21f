import Testing

/// Reads the thread sanitizer's verdict from a child process: the data race it saw, in its own words.
///
/// A check-then-set flag races in a window of nanoseconds. Two threads released
/// together hit that window only when two cores are free at that instant; the
/// thread sanitizer sees the two unsynchronized accesses every time, whatever the
/// timing. Run a race's check in a child process (see ``ResumeProbe``), and under
/// `swift test --sanitize=thread` its report becomes the test's failure.
///
/// ```swift
/// if let race = DataRace.report(in: child) {
///   Issue.record("Two callbacks raced on shared state: take the continuation under a lock. \(race)")
/// }
/// ```
public enum DataRace {
  /// The sanitizer's report line (`WARNING: ThreadSanitizer: data race ...`), with the first frame
  /// of the access it names, or `nil` when the child reported no race (or ran without the sanitizer).
  public static func report(in result: ExitTest.Result?) -> String? {
    guard let result else { return nil }
    let lines = String(decoding: result.standardErrorContent, as: UTF8.self).split(separator: "\n").map(String.init)
    guard let start = lines.firstIndex(where: { $0.contains("ThreadSanitizer: data race") }) else { return nil }
    let warning = lines[start].trimmingCharacters(in: .whitespaces)
    let frame = lines[(start + 1)...].first { $0.contains("#0 ") }?.trimmingCharacters(in: .whitespaces)
    return frame.map { "\(warning) (\($0))" } ?? warning
  }
}
