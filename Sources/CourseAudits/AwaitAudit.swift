import CourseCatalog
import Foundation

/// Finds the awaits in a graded suite that could wait for the learner's code with no deadline.
///
/// Learners run `swift test --filter`, so a suite must end, in words, whatever the code under it
/// does: a stream whose `next()` never resumes, a task that never ends. Every `await` in a graded
/// suite must therefore be one of these:
/// - an await of the kit's deadlines (`withDeadline`, `awaitSettled`, `eventually`, `.finished(…)`,
///   `ResumeProbe.run`, …) or of a child process, whose own body is held to the same rule;
/// - inside a closure one of those deadlines runs, or inside a `Task { }` nobody awaits without one,
///   or inside a scenario of the order explorer (`Interleavings.Caller`, `Interleavings.World`);
/// - an await of a helper of the same file whose every await is guarded, or inside a helper that is
///   only ever called under a deadline;
/// - in a test double the file declares (a type whose name does not start with `Ex`);
/// - on a line after a `// Not the learner's code: …` comment that says why.
///
/// The check reads the source, not the types: it is a tripwire for a new test written without a
/// deadline, and each rule above is one a reviewer can see in the file.
public enum AwaitAudit {
  /// Kit functions whose closure runs under a deadline.
  static let deadlines: Set<String> = [
    "withDeadline", "withDeadlineResult", "awaitSettled", "eventually", "withMainQueueHeld", "ResumeProbe.run",
    "Generated.expect",
  ]
  /// Awaits that end on their own, or whose closures are checked on their own (a race program
  /// runs the learner's code in a process of its own, which it ends at its limit).
  static let boundedCalls: Set<String> = deadlines.union([
    "withCooperativePoolHeld", "Task.yield", "Task.sleep", "MainActor.run", "ChildProcessSlots.shared.run", "#expect",
    "RaceProgram.run",
  ])
  /// Kit methods that wait under a deadline of their own.
  static let boundedMethods: Set<String> = [
    "wait", "expectAllReleased", "flush", "finished", "settled", "waitForCalls", "parked", "expectClean",
    "buildAndRun",
  ]
  /// Closures that run without the test awaiting them: a task's, and a scenario's for the order
  /// explorer, whose callers and checks it runs in a child process that its watchdog ends.
  static let unawaited: Set<String> = [
    "Task", "group.addTask", "addTask", "Interleavings.Caller", "Interleavings.World",
  ]
  /// The comment that exempts the await on the next line, with its reason.
  public static let exemption = "// Not the learner's code:"

  /// The 1-based lines of `source` whose await breaks the rule, each with the awaited expression's start.
  public static func unguardedAwaits(in source: String) -> [(line: Int, text: String)] {
    let original = Array(source.utf8)
    let code = blanked(original)
    let functions = functionBodies(code)
    let doubles = testDoubles(code)
    let asyncLets = asyncLetCalls(code)
    let awaits = positions(of: "await", in: code).map { position in
      (position: position, target: target(after: position + 5, in: code), owners: owners(at: position, in: code))
    }

    let lineStarts = [0] + original.indices.filter { original[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    func line(of position: Int) -> Int { lineStarts.lastIndex { $0 <= position }! + 1 }
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func isExempt(_ position: Int) -> Bool {
      let number = line(of: position)
      return number >= 2 && lines[number - 2].trimmingCharacters(in: .whitespaces).hasPrefix(exemption)
    }
    func enclosingFunction(_ position: Int) -> String? {
      functions.filter { $0.body.contains(position) }.max { $0.body.lowerBound < $1.body.lowerBound }?.name
    }
    func base(_ name: String) -> String { String(name.split(separator: ".").last ?? "") }
    func isGuarded(_ entry: (position: Int, target: String, owners: [String]), helpers: Set<String>) -> Bool {
      let target = entry.target
      if isExempt(entry.position) { return true }
      if boundedCalls.contains(target) || boundedMethods.contains(base(target)) || helpers.contains(base(target)) {
        return true
      }
      if let call = asyncLets[target], boundedCalls.contains(call) || helpers.contains(base(call)) { return true }
      if statement(from: entry.position, in: code).contains(".finished(")
        || statement(from: entry.position, in: code).contains(".settled(")
      {
        return true
      }
      if entry.owners.contains(where: { deadlines.contains($0) || unawaited.contains($0) }) { return true }
      return doubles.contains { $0.contains(entry.position) }
    }
    // Helpers whose every await is guarded, found until no more are.
    var helpers: Set<String> = []
    var grew = true
    while grew {
      grew = false
      for function in Set(functions.map(\.name)) where !helpers.contains(function) {
        let inside = awaits.filter { enclosingFunction($0.position) == function }
        if !inside.isEmpty, inside.allSatisfy({ isGuarded($0, helpers: helpers) }) {
          helpers.insert(function)
          grew = true
        }
      }
    }
    return awaits.compactMap { entry in
      if isGuarded(entry, helpers: helpers) { return nil }
      if let function = enclosingFunction(entry.position), isOnlyCalledUnderADeadline(function, in: code) { return nil }
      let number = line(of: entry.position)
      return (number, lines[number - 1].trimmingCharacters(in: .whitespaces))
    }
  }

  // MARK: Reading the source

  /// The bytes with comments and the contents of string literals turned into spaces (newlines kept),
  /// so that brackets and words are the code's own.
  static func blanked(_ bytes: [UInt8]) -> [UInt8] {
    var out = bytes
    var index = 0
    func blank(_ range: Range<Int>) {
      for i in range where out[i] != UInt8(ascii: "\n") { out[i] = UInt8(ascii: " ") }
    }
    func starts(_ text: String, at i: Int) -> Bool {
      let pattern = Array(text.utf8)
      return i + pattern.count <= bytes.count && Array(bytes[i..<i + pattern.count]) == pattern
    }
    while index < bytes.count {
      if starts("//", at: index) {
        let end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        blank(index..<end)
        index = end
      } else if starts("/*", at: index) {
        var end = index + 2
        while end < bytes.count, !starts("*/", at: end) { end += 1 }
        end = min(end + 2, bytes.count)
        blank(index..<end)
        index = end
      } else if starts("\"\"\"", at: index) {
        var end = index + 3
        while end < bytes.count, !starts("\"\"\"", at: end) { end += 1 }
        blank(index + 3..<end)
        index = min(end + 3, bytes.count)
      } else if bytes[index] == UInt8(ascii: "\"") {
        var end = index + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\n") {
          if starts("\\(", at: end) {  // an interpolation: skip its balanced parentheses
            var depth = 0
            end += 1
            repeat {
              if bytes[end] == UInt8(ascii: "(") { depth += 1 }
              if bytes[end] == UInt8(ascii: ")") { depth -= 1 }
              end += 1
            } while depth > 0 && end < bytes.count
            continue
          }
          end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
        }
        blank(index + 1..<min(end, bytes.count))
        index = end + 1
      } else {
        index += 1
      }
    }
    return out
  }

  static func isWordByte(_ byte: UInt8) -> Bool {
    (byte >= 48 && byte <= 57) || (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95
  }

  /// Where the word `word` starts in `code`, as a whole word.
  static func positions(of word: String, in code: [UInt8]) -> [Int] {
    let pattern = Array(word.utf8)
    guard code.count >= pattern.count else { return [] }
    return (0...(code.count - pattern.count)).filter { i in
      Array(code[i..<i + pattern.count]) == pattern && (i == 0 || !isWordByte(code[i - 1]))
        && (i + pattern.count == code.count || !isWordByte(code[i + pattern.count]))
    }
  }

  /// The dotted name that starts at `start`, after spaces.
  static func name(at start: Int, in code: [UInt8]) -> (name: String, end: Int) {
    var i = start
    while i < code.count, code[i] == UInt8(ascii: " ") || code[i] == UInt8(ascii: "\n") { i += 1 }
    let from = i
    while i < code.count,
      isWordByte(code[i]) || code[i] == UInt8(ascii: ".") || (i == from && code[i] == UInt8(ascii: "#"))
    {
      i += 1
    }
    return (String(decoding: code[from..<i], as: UTF8.self), i)
  }

  /// What an `await` awaits: the dotted name after it, past `try`, `try?` and `try!`.
  static func target(after start: Int, in code: [UInt8]) -> String {
    var (word, end) = name(at: start, in: code)
    if word == "try" {
      if end < code.count, code[end] == UInt8(ascii: "?") || code[end] == UInt8(ascii: "!") { end += 1 }
      word = name(at: end, in: code).name
    }
    return word
  }

  /// The dotted name before the bracket at `index`: the call a `(` or a trailing `{` belongs to.
  static func owner(ofBracketAt index: Int, in code: [UInt8]) -> String {
    var i = index - 1
    func skipSpaces() { while i >= 0, code[i] == UInt8(ascii: " ") || code[i] == UInt8(ascii: "\n") { i -= 1 } }
    skipSpaces()
    if i >= 0, code[i] == UInt8(ascii: ")") {  // a trailing closure: the call's name is before its arguments
      var depth = 0
      while i >= 0 {
        if code[i] == UInt8(ascii: ")") { depth += 1 }
        if code[i] == UInt8(ascii: "(") {
          depth -= 1
          if depth == 0 { break }
        }
        i -= 1
      }
      i -= 1
      skipSpaces()
    }
    let end = i + 1
    while i >= 0, isWordByte(code[i]) || code[i] == UInt8(ascii: ".") || code[i] == UInt8(ascii: "#") { i -= 1 }
    return String(decoding: code[(i + 1)..<end], as: UTF8.self)
  }

  /// The calls whose brackets enclose `position`, outermost first.
  static func owners(at position: Int, in code: [UInt8]) -> [String] {
    var open: [Int] = []
    for i in 0..<position {
      switch code[i] {
      case UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "["): open.append(i)
      case UInt8(ascii: ")"), UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
      default: break
      }
    }
    return open.filter { code[$0] != UInt8(ascii: "[") }.map { owner(ofBracketAt: $0, in: code) }
  }

  /// The index of the bracket that closes the one at `open`.
  static func closing(_ open: Int, in code: [UInt8]) -> Int {
    var depth = 0
    for i in open..<code.count {
      if code[i] == UInt8(ascii: "{") { depth += 1 }
      if code[i] == UInt8(ascii: "}") {
        depth -= 1
        if depth == 0 { return i }
      }
    }
    return code.count
  }

  /// Each `func`'s name and the range of its body: the first `{` outside its parameters' parentheses.
  static func functionBodies(_ code: [UInt8]) -> [(name: String, body: Range<Int>)] {
    positions(of: "func", in: code).compactMap { start in
      let (name, end) = self.name(at: start + 4, in: code)
      var i = end
      var depth = 0
      while i < code.count {
        if code[i] == UInt8(ascii: "(") { depth += 1 }
        if code[i] == UInt8(ascii: ")") { depth -= 1 }
        if code[i] == UInt8(ascii: "{"), depth == 0 { break }
        i += 1
      }
      guard i < code.count, !name.isEmpty else { return nil }
      return (name, i..<closing(i, in: code))
    }
  }

  /// The bodies of the types the file declares that are not its suite: test doubles.
  static func testDoubles(_ code: [UInt8]) -> [Range<Int>] {
    ["struct", "class", "actor", "enum"].flatMap { keyword in
      positions(of: keyword, in: code).compactMap { start -> Range<Int>? in
        let (name, end) = self.name(at: start + keyword.count, in: code)
        guard !name.isEmpty, !name.hasPrefix("Ex"),
          let open = code[end...].firstIndex(of: UInt8(ascii: "{"))
        else { return nil }
        return open..<closing(open, in: code)
      }
    }
  }

  /// `async let name = call(…)`: each name, with the call it awaits.
  static func asyncLetCalls(_ code: [UInt8]) -> [String: String] {
    var calls: [String: String] = [:]
    for start in positions(of: "async", in: code) {
      let (keyword, afterLet) = name(at: start + 5, in: code)
      guard keyword == "let" else { continue }
      let (variable, afterName) = name(at: afterLet, in: code)
      var i = afterName
      while i < code.count, code[i] == UInt8(ascii: " ") || code[i] == UInt8(ascii: "=") { i += 1 }
      var call = name(at: i, in: code)
      while ["try", "try?", "await"].contains(call.name) { call = name(at: call.end, in: code) }
      calls[variable] = call.name
    }
    return calls
  }

  /// The statement that starts at `position`: its line and the lines that continue it with a `.`.
  static func statement(from position: Int, in code: [UInt8]) -> String {
    var end = position
    while end < code.count {
      if code[end] == UInt8(ascii: "\n") {
        var next = end + 1
        while next < code.count, code[next] == UInt8(ascii: " ") { next += 1 }
        guard next < code.count, code[next] == UInt8(ascii: ".") else { break }
      }
      end += 1
    }
    return String(decoding: code[position..<end], as: UTF8.self)
  }

  /// Whether every call of `function` in the file is inside a closure a deadline runs.
  static func isOnlyCalledUnderADeadline(_ function: String, in code: [UInt8]) -> Bool {
    let calls = positions(of: function, in: code).filter { position in
      let after = name(at: position, in: code).end
      let declared = position >= 5 && String(decoding: code[(position - 5)..<position], as: UTF8.self) == "func "
      return !declared && after < code.count && code[after] == UInt8(ascii: "(")
    }
    return !calls.isEmpty && calls.allSatisfy { owners(at: $0, in: code).contains(where: deadlines.contains) }
  }
}
