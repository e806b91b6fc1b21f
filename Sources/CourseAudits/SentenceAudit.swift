import CourseCatalog
import Foundation

/// Finds the failure sentences of a graded suite that name no anti-pattern, or one its exercise does not declare.
///
/// A graded test reports a failure by the id of the anti-pattern it saw, as a tag at the end of its
/// sentence (`"… Resume from `.catch` too. [done-only]"`), so the runner, the corpus and the lessons
/// share a key that the prose around it may change without breaking. A failure sentence is the
/// message of `#expect`, `#require` and `Issue.record`, the text of a `ProbeFailure`, and the
/// sentence given to a kit call as `ifHung:` or `ifItHangs:`. Each must carry at least one tag, and
/// every tag must be an id of the suite's exercise (its `.exercise("…")` trait) or of the kit.
///
/// Like ``AwaitAudit``, it reads the source: a sentence assembled in a variable elsewhere cannot be
/// seen, so write the literal, with its tag, where the failure is recorded.
public enum SentenceAudit {
  /// The calls whose parenthesised arguments hold a failure sentence.
  static let calls = ["#expect", "#require", "Issue.record", "ProbeFailure"]
  /// The argument labels whose value is a failure sentence.
  static let labels = ["ifHung:", "ifItHangs:", "ifTrappedInCall:", "ifNeverResumed:", "ifResumedTwice:"]

  /// The 1-based lines of `source` whose sentence names no id in `known`, or a tag `known` lacks, each with why.
  public static func problems(in source: String, known: Set<String>) -> [(line: Int, problem: String)] {
    let original = Array(source.utf8)
    let code = AwaitAudit.blanked(original)
    let lineStarts = [0] + original.indices.filter { original[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    func line(of position: Int) -> Int { lineStarts.lastIndex { $0 <= position }! + 1 }
    var spans: [(start: Int, range: Range<Int>)] = []
    for call in calls {
      for start in AwaitAudit.positions(of: call, in: code) {
        var open = start + call.utf8.count
        while open < code.count, code[open] == UInt8(ascii: " ") { open += 1 }
        guard open < code.count, code[open] == UInt8(ascii: "(") else { continue }
        spans.append((start, open..<closingParenthesis(open, in: code)))
      }
    }
    for label in labels {
      for start in occurrences(of: label, in: code) {
        spans.append((start, start..<argumentEnd(from: start + label.utf8.count, in: code)))
      }
    }
    let literal = literalText(original)
    let functions = AwaitAudit.functionBodies(code).map { function in
      let start = AwaitAudit.positions(of: "func", in: code).last { $0 < function.body.lowerBound } ?? 0
      return (signature: start..<function.body.lowerBound, body: function.body)
    }
    var problems: [(line: Int, problem: String)] = []
    for (start, range) in spans.sorted(by: { $0.start < $1.start }) {
      let text = String(decoding: original[range], as: UTF8.self)
      // An exit test whose every outcome is accepted records nothing of its own.
      if text.contains("processExitsWith: ResumeProbe.anyOutcome") { continue }
      // A parameter's declaration (`ifHung: String? = nil`) is no sentence.
      if functions.contains(where: { $0.signature.contains(start) }) { continue }
      let used = names(in: code[range])
      // A helper that passes on a sentence it was given: its callers' literals carry the tags.
      let enclosing = functions.filter { $0.body.contains(start) }.max { $0.body.lowerBound < $1.body.lowerBound }
      let passesOn = enclosing.map { !parameters(in: code[$0.signature]).isDisjoint(with: used) } ?? false
      var words = String(decoding: literal[range], as: UTF8.self)
      if isBlank(words) || AntiPattern.tagRanges(in: words).isEmpty {
        if passesOn { continue }
        // No tag here: the sentence is, or ends with, a constant or a function's result (the cause
        // the code shows), tagged where it is written.
        var found = definitions(of: used, in: code)
        var depth = 0
        var defined = found.map { String(decoding: literal[$0], as: UTF8.self) }.joined(separator: " ")
        while AntiPattern.tagRanges(in: defined).isEmpty, depth < 3, !found.isEmpty {
          found = definitions(of: found.reduce(into: Set<String>()) { $0.formUnion(names(in: code[$1])) }, in: code)
          defined = found.map { String(decoding: literal[$0], as: UTF8.self) }.joined(separator: " ")
          depth += 1
        }
        words += " " + defined
      }
      let tags = AntiPattern.tagRanges(in: words).map { String(words[$0].dropFirst(2).dropLast()) }
      let unknown = tags.filter { !known.contains($0) }
      let excerpt = text.split(separator: "\n").first.map { String($0.prefix(80)) } ?? ""
      if !unknown.isEmpty {
        problems.append(
          (
            line(of: start),
            "names \(unknown.map { "[\($0)]" }.joined(separator: " ")), which its exercise does not declare: \(excerpt)"
          ))
      } else if tags.isEmpty {
        problems.append((line(of: start), "records a failure whose sentence names no anti-pattern: \(excerpt)"))
      }
    }
    return problems
  }

  /// The source with everything but the text of its string literals turned into spaces: code,
  /// comments and the interpolations inside literals (so an array a sentence prints is no tag).
  static func literalText(_ bytes: [UInt8]) -> [UInt8] {
    var out = [UInt8](repeating: UInt8(ascii: " "), count: bytes.count)
    func starts(_ text: String, at i: Int) -> Bool {
      let pattern = Array(text.utf8)
      return i + pattern.count <= bytes.count && Array(bytes[i..<i + pattern.count]) == pattern
    }
    /// Copies a literal's text, without its interpolations; returns where the literal ends.
    func copy(from start: Int, until isEnd: (Int) -> Bool) -> Int {
      var i = start
      while i < bytes.count, !isEnd(i) {
        if starts("\\(", at: i) {
          var depth = 0
          i += 1
          repeat {
            if bytes[i] == UInt8(ascii: "(") { depth += 1 }
            if bytes[i] == UInt8(ascii: ")") { depth -= 1 }
            i += 1
          } while depth > 0 && i < bytes.count
          continue
        }
        out[i] = bytes[i]
        if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
          out[i + 1] = bytes[i + 1]
          i += 2
          continue
        }
        i += 1
      }
      return i
    }
    var index = 0
    while index < bytes.count {
      if starts("//", at: index) {
        index = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
      } else if starts("/*", at: index) {
        var end = index + 2
        while end < bytes.count, !starts("*/", at: end) { end += 1 }
        index = min(end + 2, bytes.count)
      } else if starts("\"\"\"", at: index) {
        index = min(copy(from: index + 3) { starts("\"\"\"", at: $0) } + 3, bytes.count)
      } else if bytes[index] == UInt8(ascii: "\"") {
        index = copy(from: index + 1) { bytes[$0] == UInt8(ascii: "\"") || bytes[$0] == UInt8(ascii: "\n") } + 1
      } else {
        index += 1
      }
    }
    return out
  }

  static func isBlank(_ text: String) -> Bool {
    text.allSatisfy { $0 == " " || $0 == "\n" }
  }

  /// The names of the parameters a function's signature declares: each word before a `:`.
  static func parameters(in signature: ArraySlice<UInt8>) -> Set<String> {
    var result: Set<String> = []
    var word = ""
    var previous: String?  // the word just before, with only spaces since
    for character in String(decoding: signature, as: UTF8.self) {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
        continue
      }
      if !word.isEmpty {
        previous = word
        word = ""
      }
      if character == ":", let name = previous { result.insert(name) }
      if character != " " { previous = nil }
    }
    return result
  }

  /// The names a span of code uses: the last part of each dotted name.
  static func names(in code: ArraySlice<UInt8>) -> Set<String> {
    let text = String(decoding: code, as: UTF8.self)
    return Set(
      text.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }.compactMap {
        $0.split(separator: ".").last.map(String.init)
      })
  }

  /// Where the constants and functions called `names` are written: a function's body, or a
  /// constant's statement, from its `let` or `var` to the end of its value.
  static func definitions(of names: Set<String>, in code: [UInt8]) -> [Range<Int>] {
    var ranges = AwaitAudit.functionBodies(code).filter { names.contains($0.name) }.map(\.body)
    for keyword in ["let", "var"] {
      for start in AwaitAudit.positions(of: keyword, in: code) {
        let (name, end) = AwaitAudit.name(at: start + keyword.utf8.count, in: code)
        guard names.contains(name) else { continue }
        ranges.append(start..<statementEnd(from: end, in: code))
      }
    }
    return ranges
  }

  /// The end of the statement whose value starts after `start`: the first line break outside
  /// brackets that no `+`, `.`, `?` or `:` on the next line continues.
  static func statementEnd(from start: Int, in code: [UInt8]) -> Int {
    var depth = 0
    var i = start
    while i < code.count {
      switch code[i] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return i }
        depth -= 1
      case UInt8(ascii: "\n") where depth == 0:
        var last = i - 1
        while last > start, code[last] == UInt8(ascii: " ") { last -= 1 }
        if [UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: ",")].contains(code[last]) { break }
        var next = i + 1
        while next < code.count, code[next] == UInt8(ascii: " ") || code[next] == UInt8(ascii: "\n") { next += 1 }
        let continues =
          next < code.count
          && [UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: ":")].contains(code[next])
        if !continues { return i }
      default: break
      }
      i += 1
    }
    return code.count
  }

  /// The exercise a suite's source checks: the id in its first `.exercise("…")` trait.
  public static func exercise(of source: String) -> String? {
    guard let trait = source.range(of: ".exercise(\"") else { return nil }
    let rest = source[trait.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// Where `text` starts in `code`, anywhere (a label follows a space or a bracket, never a letter).
  static func occurrences(of text: String, in code: [UInt8]) -> [Int] {
    let pattern = Array(text.utf8)
    guard code.count >= pattern.count else { return [] }
    return (0...(code.count - pattern.count)).filter { i in
      Array(code[i..<i + pattern.count]) == pattern && (i == 0 || !AwaitAudit.isWordByte(code[i - 1]))
    }
  }

  /// The index just past the parenthesis that closes the one at `open`.
  static func closingParenthesis(_ open: Int, in code: [UInt8]) -> Int {
    var depth = 0
    for i in open..<code.count {
      if code[i] == UInt8(ascii: "(") { depth += 1 }
      if code[i] == UInt8(ascii: ")") {
        depth -= 1
        if depth == 0 { return i + 1 }
      }
    }
    return code.count
  }

  /// The end of the argument that starts at `start`: the first `,` or closing bracket outside brackets.
  static func argumentEnd(from start: Int, in code: [UInt8]) -> Int {
    var depth = 0
    for i in start..<code.count {
      switch code[i] {
      case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
      case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
        if depth == 0 { return i }
        depth -= 1
      case UInt8(ascii: ","): if depth == 0 { return i }
      default: break
      }
    }
    return code.count
  }
}
