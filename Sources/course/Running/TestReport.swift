import Foundation

/// What one `swift test` run said about each test, read from Swift Testing's event stream.
struct TestReport {
  /// One test function (or one case of a parameterized test).
  struct TestResult {
    /// The test's id: `Module.Suite/function()/File.swift:line:column`.
    var id: String
    /// The test's sentence, with the case's arguments for a parameterized test.
    var name: String
    /// The case's arguments, for one case of a parameterized test.
    var testCase: String? = nil
    /// Whether the test started, and whether it ended.
    var started = false
    var ended = false
    /// When it started and ended, in seconds on the event stream's clock (`nil` when not reported).
    var startedAt: Double? = nil
    var endedAt: Double? = nil
    /// How long it ran, when both ends were reported.
    var seconds: Double? { startedAt.flatMap { start in endedAt.map { $0 - start } } }
    /// The words of each issue it recorded (known issues excluded): the lesson's sentence, without
    /// Swift Testing's own lines (see ``rawIssues``); empty for an issue that had no sentence.
    var issues: [String] = []
    /// Each issue whole: its sentence, then Swift Testing's own lines (`Expectation failed: (x → 1)
    /// == 2`, a collection's "inserted […]"), which plain `swift test` prints and `course check
    /// --verbose` shows.
    var rawIssues: [String] = []

    var passed: Bool { ended && issues.isEmpty }

    /// The suite part of the id, `Module.Suite`.
    var suite: String { String(id.split(separator: "/").first ?? "") }

    /// The line the test is declared on, from the end of its id: a suite's tests are reported in that order.
    var line: Int { Int(id.split(separator: ":").dropLast().last ?? "") ?? .max }

    /// Whether the test is declared in an extension of its suite in a file of its own
    /// (`Ex1_1_…Tests+Generated.swift`): such tests state the rules on drawn data, after the
    /// targeted tests whose sentences say the same mistake in fewer words, so they are read after them.
    var isInCompanionFile: Bool {
      let file = id.split(separator: "/").last.map { String($0.split(separator: ":").first ?? "") } ?? ""
      return file.contains("+")
    }
  }

  /// The tests that started, in the order they were announced.
  var tests: [TestResult] = []
  /// Every test function the run announced, started or not: `Module.Suite/function()` and its sentence.
  var announced: [(function: String, name: String)] = []
  /// Whether the run reached its end.
  var runEnded = false

  /// The tests of the suite `Module.Suite`.
  func tests(inSuite suite: String) -> [TestResult] {
    tests.filter { $0.suite == suite }
  }

  /// The functions of the suite `Module.Suite` that the run announced, as `Module.Suite/function()`.
  func announced(inSuite suite: String) -> [(function: String, name: String)] {
    announced.filter { $0.function.hasPrefix(suite + "/") }
  }

  /// `Module.Suite/function()` from a test's id, which adds the source location after it.
  static func function(of id: String) -> String {
    id.split(separator: "/").prefix(2).joined(separator: "/")
  }

  /// Reads a JSON-lines event stream (version 0).
  init(eventStream: String) {
    var index: [String: Int] = [:]
    var names: [String: String] = [:]
    var parameterized: Set<String> = []
    for line in eventStream.split(separator: "\n") {
      guard let data = line.data(using: .utf8),
        let record = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
        let payload = record["payload"] as? [String: Any]
      else { continue }
      if record["kind"] as? String == "test" {
        if let id = payload["id"] as? String, payload["kind"] as? String == "function" {
          let name = payload["displayName"] as? String ?? payload["name"] as? String ?? id
          names[id] = name
          announced.append((TestReport.function(of: id), name))
        }
        continue
      }
      let kind = payload["kind"] as? String
      if kind == "runEnded" { runEnded = true }
      guard let testID = payload["testID"] as? String else { continue }
      guard let name = names[testID] else { continue }  // a suite's own events
      let testCase = (payload["_testCase"] as? [String: Any])?["displayName"] as? String
      let key = testID + "#" + (testCase ?? "")
      let position: Int
      if let existing = index[key] {
        position = existing
      } else {
        tests.append(TestResult(id: testID, name: testCase.map { "\(name) (\($0))" } ?? name, testCase: testCase))
        position = tests.count - 1
        index[key] = position
      }
      let instant = (payload["instant"] as? [String: Any])?["absolute"] as? Double
      switch kind {
      case "testStarted", "testCaseStarted":
        tests[position].started = true
        tests[position].startedAt = tests[position].startedAt ?? instant
        if testCase != nil { parameterized.insert(testID) }
      case "testEnded", "testCaseEnded":
        tests[position].ended = true
        tests[position].endedAt = instant
      case "issueRecorded":
        let issue = payload["issue"] as? [String: Any]
        if issue?["isKnown"] as? Bool == true { continue }
        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap { message in
          (message["text"] as? String).map { (text: $0, symbol: message["symbol"] as? String ?? "") }
        }.filter { $0.text != "Issue recorded" }
        // The lesson's sentence (the issue's comment) first; the raw "Expectation failed: …" and a
        // collection's "inserted […], removed […]" come after it, as details.
        let isDetail = { (message: (text: String, symbol: String)) in
          message.symbol == "difference" || message.text.hasPrefix("Expectation failed")
            || message.text.trimmingCharacters(in: .whitespaces).hasPrefix("inserted [")
            || message.text.trimmingCharacters(in: .whitespaces).hasPrefix("removed [")
        }
        let ordered = messages.filter { !isDetail($0) } + messages.filter(isDetail)
        tests[position].issues.append(messages.filter { !isDetail($0) }.map(\.text).joined(separator: "\n"))
        tests[position].rawIssues.append(ordered.map(\.text).joined(separator: "\n"))
      default: break
      }
    }
    // A parameterized test is reported case by case; its own entry only matters if it recorded an issue.
    tests.removeAll { $0.testCase == nil && parameterized.contains($0.id) && $0.issues.isEmpty }
    // Tests that were announced but never started were filtered out by `--filter`.
    tests = tests.filter(\.started)
  }
}
