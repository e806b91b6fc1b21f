import Foundation

/// One mechanical mistake applied to a solution: lines of it replaced by others.
///
/// The course's own suites are held to what topic 7 teaches learners: each solution, broken by one
/// operator at one place, must fail its suite. A mutant is numbered within its file, so that one
/// build of all of a file's mutants (``MutationSchema``) can run any one of them by its number.
public struct SolutionMutant: Sendable, Hashable {
  /// Its number in its file, from 1: `COURSE_MUTANT_FILE`'s value for its exercise.
  public let number: Int
  /// The operator that made it.
  public let operation: MutationOperator
  /// The solution's lines it replaces, counted from 0.
  public let lines: ClosedRange<Int>
  /// Those lines as the solution has them.
  public let original: [String]
  /// What stands in their place: no line when a statement is removed.
  public let replacement: [String]

  /// The solution's line it starts on, counted from 1, as an editor shows it.
  public var line: Int { lines.lowerBound + 1 }

  /// The solution's lines with this mutant applied.
  public func applied(to solution: [String]) -> [String] {
    Array(solution[..<lines.lowerBound]) + replacement + Array(solution[(lines.upperBound + 1)...])
  }

  /// A line that says what it did: "flip-comparison at line 22: `a == b` became `a != b`".
  public var summary: String {
    let before = original.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    let after = replacement.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    let shortBefore = before.count > 90 ? before.prefix(87) + "..." : Substring(before)
    if replacement.isEmpty { return "\(operation.rawValue) at line \(line): `\(shortBefore)` removed" }
    return "\(operation.rawValue) at line \(line): `\(shortBefore)` became `\(after)`"
  }
}

/// The mutation operators: the classic ones, and the concurrency mistakes this course teaches.
public enum MutationOperator: String, Sendable, Hashable, CaseIterable, Codable {
  /// `a == b` becomes `a != b`, `a < b` becomes `a >= b`, and so on.
  case flipComparison = "flip-comparison"
  /// `&&` becomes `||`, and back.
  case flipLogic = "flip-logic"
  /// `true` becomes `false`, and back.
  case flipBoolean = "flip-boolean"
  /// An `if`, `guard` or `while` condition negated.
  case negateCondition = "negate-condition"
  /// An `if` taken always.
  case alwaysBranch = "always-branch"
  /// A labelled argument that passes a value on (`forceRefresh: refresh`) given a constant instead.
  case constantArgument = "constant-argument"
  /// A statement removed: a call, an assignment, a `finish()`, a resume, an `if` with its block.
  case removeStatement = "remove-statement"
  /// A hop to the main actor made a `Task {}` that nobody awaits, or sent to a global queue.
  case mainActorHop = "main-actor-hop"
  /// A stream's buffering policy changed: unbounded made to keep one, one kept made unbounded.
  case bufferingPolicy = "buffering-policy"
  /// Cancellation not forwarded: an `onCancel:` or `onTermination` handler emptied, or a
  /// PromiseKit `catch`/`recover` given the default policy that skips cancellations.
  case cancellationDropped = "cancellation-dropped"
}

extension MutationOperator {
  /// Every mutant these operators make of `solution`, numbered from 1 in the file's order.
  ///
  /// Only lines inside a function's body (a `func`, `init`, `deinit`, accessor or computed
  /// property) are mutated, since those are what ``MutationSchema`` can choose between at run time.
  public static func mutants(of solution: String) -> [SolutionMutant] {
    let lines = SwiftCodeLines(solution)
    var found: [(MutationOperator, ClosedRange<Int>, [String])] = []
    for body in MutationSchema.bodies(in: lines) {
      let range = (body.open + 1)..<body.close
      let starts = statementStarts(in: lines, range)
      for index in range {
        found += lineMutants(lines, index).map { ($0.0, index...index, [$0.1]) }
        if let end = starts[index], isRemovable(lines.trimmed(index)) {
          found.append((.removeStatement, index...end, []))
        }
        found += emptiedHandlers(lines, index, within: range)
      }
    }
    var seen: Set<String> = []
    var mutants: [SolutionMutant] = []
    for (operation, range, replacement) in found {
      let original = Array(lines.text[range])
      // Two operators that write the same lines are one mutant, the first.
      guard replacement != original, seen.insert("\(range)\u{0}\(replacement)").inserted else { continue }
      mutants.append(
        SolutionMutant(
          number: mutants.count + 1, operation: operation, lines: range, original: original, replacement: replacement))
    }
    return mutants
  }

  /// The mutants of one line that rewrite it in place.
  static func lineMutants(_ lines: SwiftCodeLines, _ index: Int) -> [(MutationOperator, String)] {
    let text = lines.text[index]
    let code = lines.code[index]
    var result: [(MutationOperator, String)] = []
    func replacing(_ range: Range<String.Index>, with new: String) -> String {
      // `code` and `text` have the same characters at the same places where code is.
      let lower = text.index(text.startIndex, offsetBy: code.distance(from: code.startIndex, to: range.lowerBound))
      let upper = text.index(text.startIndex, offsetBy: code.distance(from: code.startIndex, to: range.upperBound))
      return text.replacingCharacters(in: lower..<upper, with: new)
    }
    let comparisons = [
      " == ": " != ", " != ": " == ", " < ": " >= ", " <= ": " > ", " > ": " <= ", " >= ": " < ",
    ]
    for (from, to) in comparisons.sorted(by: { $0.key < $1.key }) {
      for range in code.ranges(of: from) { result.append((.flipComparison, replacing(range, with: to))) }
    }
    for (from, to) in [(" && ", " || "), (" || ", " && ")] {
      for range in code.ranges(of: from) { result.append((.flipLogic, replacing(range, with: to))) }
    }
    for (from, to) in [("true", "false"), ("false", "true")] {
      for range in code.wordRanges(of: from) { result.append((.flipBoolean, replacing(range, with: to))) }
    }
    let trimmed = lines.trimmed(index)
    for keyword in ["if ", "} else if ", "while ", "guard "] where trimmed.hasPrefix(keyword) {
      let end = keyword == "guard " ? " else {" : " {"
      guard trimmed.hasSuffix(end) || (keyword == "guard " && trimmed.hasSuffix(" else")) else { continue }
      let condition = trimmed.dropFirst(keyword.count).dropLast(
        trimmed.hasSuffix(end) ? end.count : " else".count)
      guard isPlainCondition(condition) else { continue }
      let start = code.range(of: keyword)!.upperBound
      let conditionRange = start..<code.index(start, offsetBy: condition.count)
      result.append((.negateCondition, replacing(conditionRange, with: "!(\(condition))")))
      if keyword != "while ", keyword != "guard " {
        result.append((.alwaysBranch, replacing(conditionRange, with: "true")))
      }
    }
    for range in code.argumentValueRanges() {
      for constant in ["true", "false", "0", "nil", "\"\""] {
        result.append((.constantArgument, replacing(range, with: constant)))
      }
    }
    for (from, to) in [
      ("await MainActor.run {", "Task { @MainActor in"),
      ("DispatchQueue.main.async {", "DispatchQueue.global().async {"),
      ("Task { @MainActor in", "Task {"),
    ] {
      for range in code.ranges(of: from) { result.append((.mainActorHop, replacing(range, with: to))) }
    }
    for range in code.ranges(of: ".unbounded") {
      result.append((.bufferingPolicy, replacing(range, with: ".bufferingNewest(1)")))
    }
    for policy in [".bufferingNewest(", ".bufferingOldest("] {
      for range in code.ranges(of: policy) {
        guard let close = code[range.upperBound...].firstIndex(of: ")") else { continue }
        let whole = range.lowerBound..<code.index(after: close)
        let count = code[range.upperBound..<close]
        result.append((.bufferingPolicy, replacing(whole, with: ".unbounded")))
        if count != "1" { result.append((.bufferingPolicy, replacing(whole, with: "\(policy)1)"))) }
        let other = policy == ".bufferingNewest(" ? ".bufferingOldest(" : ".bufferingNewest("
        result.append((.bufferingPolicy, replacing(whole, with: "\(other)\(count))")))
      }
    }
    for pattern in ["(policy: .allErrors)", "policy: .allErrors, ", ", policy: .allErrors"] {
      for range in code.ranges(of: pattern) { result.append((.cancellationDropped, replacing(range, with: ""))) }
    }
    return result
  }

  /// An `onCancel:` or `onTermination` handler emptied: the lines from its `{` to its `}` become one line.
  static func emptiedHandlers(_ lines: SwiftCodeLines, _ index: Int, within range: Range<Int>) -> [(
    MutationOperator, ClosedRange<Int>, [String]
  )] {
    var result: [(MutationOperator, ClosedRange<Int>, [String])] = []
    let code = lines.code[index]
    for marker in ["onCancel: {", "onTermination = {"] {
      guard let found = code.range(of: marker) else { continue }
      let open = code.index(before: found.upperBound)
      // Find the `}` that closes it, on this line or a later one.
      var depth = 0
      var line = index
      var position: String.Index? = open
      var close: (line: Int, index: String.Index)?
      search: while line < range.upperBound {
        let characters = lines.code[line]
        var cursor = position ?? characters.startIndex
        while cursor < characters.endIndex {
          switch characters[cursor] {
          case "{": depth += 1
          case "}":
            depth -= 1
            if depth == 0 {
              close = (line, cursor)
              break search
            }
          default: break
          }
          cursor = characters.index(after: cursor)
        }
        line += 1
        position = nil
      }
      guard let close else { continue }
      let afterBrace = code[code.index(after: open)...]
      var parameters = ""
      if let inRange = afterBrace.range(of: " in"),
        inRange.upperBound == afterBrace.endIndex || afterBrace[inRange.upperBound] == " ",
        afterBrace[..<inRange.lowerBound].allSatisfy({ $0.isLetter || $0.isNumber || " _,[]".contains($0) })
      {
        parameters = " " + afterBrace[..<inRange.upperBound].trimmingCharacters(in: .whitespaces)
      }
      let text = lines.text[index]
      let head = text.prefix(code.distance(from: code.startIndex, to: open) + 1)
      let closingText = lines.text[close.line]
      let closingCode = lines.code[close.line]
      let tail = closingText.dropFirst(closingCode.distance(from: closingCode.startIndex, to: close.index))
      let emptied = head + parameters + " " + tail
      result.append((.cancellationDropped, index...close.line, [String(emptied)]))
    }
    return result
  }

  /// A condition with nothing in it that a `!( )` would break: no binding, no pattern, no second clause.
  static func isPlainCondition(_ condition: Substring) -> Bool {
    guard !condition.isEmpty else { return false }
    let words = condition.split(separator: " ")
    if words.contains(where: { ["let", "var", "case", "try", "await"].contains($0) }) { return false }
    if condition.hasPrefix("#") { return false }
    var depth = 0
    for character in condition {
      switch character {
      case "(", "[", "{": depth += 1
      case ")", "]", "}": depth -= 1
      case "," where depth == 0: return false
      default: break
      }
    }
    return depth == 0
  }

  /// Whether a statement starting with `trimmed` may be removed and leave code that could compile.
  static func isRemovable(_ trimmed: String) -> Bool {
    let first = trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" || $0 == "#" || $0 == "}" }
    let kept: Set<Substring> = [
      "let", "var", "guard", "switch", "case", "default", "do", "func", "struct", "class", "enum", "actor",
      "extension", "typealias", "protocol", "else", "catch", "defer", "nonisolated", "private", "fileprivate",
    ]
    if first.isEmpty || kept.contains(first) || first.hasPrefix("@") || first.hasPrefix("#") || first.hasPrefix("}") {
      return false
    }
    // A `return` with a value leaves a function without its result: that is no mistake, it does not compile.
    if first == "return" { return trimmed == "return" }
    return true
  }

  /// For each line of `range` that starts a statement, the last line of that statement.
  static func statementStarts(in lines: SwiftCodeLines, _ range: Range<Int>) -> [Int: Int] {
    var starts: [Int: Int] = [:]
    var open: [Character] = []
    var previous = ""
    for index in range {
      let trimmed = lines.trimmed(index)
      defer {
        for character in lines.code[index] {
          switch character {
          case "{", "(", "[": open.append(character)
          case "}", ")", "]": if !open.isEmpty { open.removeLast() }
          default: break
          }
        }
        if !trimmed.isEmpty { previous = trimmed }
      }
      guard !trimmed.isEmpty, open.last == nil || open.last == "{" else { continue }
      let continues = ["=", ",", "&&", "||", "+", "-", "?", ":", "(", "["].contains { previous.hasSuffix($0) }
      let continuation = [".", ")", "]", "}", "&&", "||", "?", ":", "else", "catch", "+"].contains {
        trimmed.hasPrefix($0)
      }
      guard !continues, !continuation else { continue }
      // The statement runs on until its brackets close and no line continues it.
      var depth = 0
      var end = index
      var line = index
      while line < range.upperBound {
        depth += lines.depthChange(line)
        if depth < 0 { break }
        end = line
        let next = ((line + 1)..<range.upperBound).first { !lines.trimmed($0).isEmpty }
        let nextContinues =
          next.map { next in
            let text = lines.trimmed(next)
            return text.hasPrefix(".") || text.hasPrefix("else") || text.hasPrefix("catch")
          } ?? false
        let ended = lines.trimmed(line)
        if depth == 0, !nextContinues, !["=", ",", "&&", "||", "("].contains(where: { ended.hasSuffix($0) }) {
          starts[index] = end
          break
        }
        line += 1
      }
    }
    return starts
  }
}

extension String {
  /// The ranges of every occurrence of `target`, left to right, not overlapping.
  func ranges(of target: String) -> [Range<String.Index>] {
    var result: [Range<String.Index>] = []
    var start = startIndex
    while let found = range(of: target, range: start..<endIndex) {
      result.append(found)
      start = found.upperBound
    }
    return result
  }

  /// The ranges of `word` where it stands as a word, not inside a longer name.
  func wordRanges(of word: String) -> [Range<String.Index>] {
    ranges(of: word).filter { range in
      let before = range.lowerBound == startIndex ? " " : self[index(before: range.lowerBound)]
      let after = range.upperBound == endIndex ? " " : self[range.upperBound]
      func isName(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
      return !isName(before) && !isName(after) && before != "." && before != "$"
    }
  }

  /// The values of labelled arguments that pass a plain name on, `refresh` in `(forceRefresh: refresh)`.
  func argumentValueRanges() -> [Range<String.Index>] {
    var result: [Range<String.Index>] = []
    for colon in ranges(of: ": ") {
      // The label: a name right before the colon, after `(` or `, `.
      var labelStart = colon.lowerBound
      while labelStart > startIndex,
        self[index(before: labelStart)].isLetter || self[index(before: labelStart)].isNumber
      {
        labelStart = index(before: labelStart)
      }
      guard labelStart < colon.lowerBound, labelStart > startIndex else { continue }
      let opener = self[..<labelStart].suffix(2)
      guard opener.hasSuffix("(") || opener == ", " else { continue }
      // The value: a lowercase name, then `,` or `)`.
      var end = colon.upperBound
      while end < endIndex, self[end].isLetter || self[end].isNumber { end = index(after: end) }
      guard end > colon.upperBound, end < endIndex, self[end] == "," || self[end] == ")" else { continue }
      let value = self[colon.upperBound..<end]
      guard let first = value.first, first.isLowercase, !["self", "true", "false", "nil"].contains(value) else {
        continue
      }
      result.append(colon.upperBound..<end)
    }
    return result
  }
}
