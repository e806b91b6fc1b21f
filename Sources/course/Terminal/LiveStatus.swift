import Foundation

/// One line that says what a long step is doing now: a build's `[n/m]`, the exercises tested so far.
///
/// Minutes of silence after "building…" read as a hang. On a terminal the line is redrawn in
/// place; elsewhere (CI logs, pipes) a new line is printed only when the step's phase changes,
/// every quarter of the way, or after ten quiet seconds, so logs stay short, and at once, not when
/// a buffer fills.
final class LiveStatus {
  private let label: String
  private let inPlace: Bool
  private var last = ""
  private var lastQuarter = -1
  private var lastPrinted: ContinuousClock.Instant?
  /// The longest a log goes without a line while the step moves on.
  static let quietest = Duration.seconds(10)

  /// A status line that starts with `label`, redrawn in place when `inPlace`.
  init(_ label: String, inPlace: Bool) {
    self.label = label
    self.inPlace = inPlace
  }

  /// Shows `detail` after the label; `fraction` (0...1), when known, decides when a log gets a new line.
  func update(_ detail: String, fraction: Double? = nil) {
    let line = detail.isEmpty ? label : "\(label) \(detail)"
    guard line != last else { return }
    last = line
    if inPlace {
      FileHandle.standardOutput.write(Data("\r\u{1B}[K\(line)".utf8))
      return
    }
    let quarter = fraction.map { Int($0 * 4) } ?? lastQuarter
    // A new line each quarter of the way, and at least every ``quietest`` seconds while the step
    // moves: a build's last quarter (the kit, the suites, the link) can take a minute on a busy laptop.
    let quiet = lastPrinted.map { ContinuousClock.now - $0 > Self.quietest } ?? true
    guard quarter != lastQuarter || fraction == nil || quiet else { return }
    lastQuarter = quarter
    lastPrinted = ContinuousClock.now
    print(line)
    fflush(nil)  // a pipe's output is buffered: without this, a CI log shows nothing for minutes
  }

  /// Ends the status: on a terminal the line is cleared, so the verdict that follows stands alone.
  func finish() {
    if inPlace, !last.isEmpty { FileHandle.standardOutput.write(Data("\r\u{1B}[K".utf8)) }
    last = ""
  }

  /// The last `[n/m]` step of a SwiftPM build's output, as `(n, m)`.
  static func buildStep(in output: String) -> (done: Int, total: Int)? {
    var scan = output[...]
    var found: (Int, Int)?
    while let open = scan.lastIndex(of: "[") {
      let rest = scan[scan.index(after: open)...]
      if let close = rest.firstIndex(of: "]") {
        let parts = rest[..<close].split(separator: "/")
        if parts.count == 2, let done = Int(parts[0]), let total = Int(parts[1]) {
          found = (done, total)
          break
        }
      }
      scan = scan[..<open]
    }
    return found
  }

  /// What a test run has done so far, read from its event stream: the graded suites and the tests
  /// that have ended, and how many tests the run holds (`0` until the test process has listed them).
  struct TestProgress: Equatable {
    var suitesDone = 0
    var testsDone = 0
    var tests = 0

    /// The status line's words for a run of `exercises` graded suites: what is done, never a bare
    /// "0 of 1" that reads as stuck while the one suite's tests are running.
    func detail(exercises: Int) -> String {
      guard tests > 0 else { return "starting the test process" }
      let counted = "\(testsDone) of \(tests) tests done"
      return exercises == 1 ? counted : "\(suitesDone) of \(exercises) exercises, \(counted)"
    }

    /// How far the run has come, from 0 to 1; `nil` until the tests are listed.
    var fraction: Double? { tests > 0 ? Double(testsDone) / Double(tests) : nil }
  }

  /// How far the test run of `stream` (Swift Testing's JSON event stream, version 0) has come.
  static func testProgress(inEventStream stream: String) -> TestProgress {
    var suites: Set<Substring> = []
    var ended: Set<Substring> = []
    var listed: Set<Substring> = []
    for line in stream.split(separator: "\n") {
      if line.contains("\"kind\":\"test\""), line.contains("\"kind\":\"function\""),
        let id = value(of: "id", in: line)
      {
        listed.insert(id)
      } else if line.contains("\"testEnded\""), let id = value(of: "testID", in: line) {
        if id.contains("/") {
          ended.insert(id)
        } else if id.hasSuffix("Tests") {
          suites.insert(id)
        }
      }
    }
    return TestProgress(suitesDone: suites.count, testsDone: ended.count, tests: max(listed.count, ended.count))
  }

  /// The string value of `key` in one JSON line, when it has no escaped quote in it (a test's id has none).
  private static func value(of key: String, in line: Substring) -> Substring? {
    guard let start = line.range(of: "\"\(key)\":\"") else { return nil }
    return line[start.upperBound...].prefix { $0 != "\"" }
  }
}
