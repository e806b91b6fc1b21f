import Foundation

/// A Swift file's lines, each with the parts of it that are code (not comments, not string literals).
///
/// The mutation operators rewrite code and nothing else: a `true` in a comment or a `==` in a
/// string must never become a mutant. This is a lexer just good enough for that, for the course's
/// own formatted solutions: line and block comments are blanked out to spaces, and one-line string
/// literals (plain and raw, interpolations included) filled with `_`; a multi-line literal is blanked
/// out like a comment. Positions in `code` are positions in `text`.
public struct SwiftCodeLines: Sendable {
  /// The file's lines as written.
  public let text: [String]
  /// The same lines with every character of a comment or a multi-line string replaced by a space, and of a
  /// one-line string literal by `_`.
  public let code: [String]

  /// Splits `source` into lines and blanks out what is not code.
  public init(_ source: String) {
    var lines = source.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    text = lines
    var code: [String] = []
    var inBlockComment = 0
    var inMultilineString = false
    for line in lines {
      var out: [Character] = []
      let characters = Array(line)
      var index = 0
      func blank(_ count: Int) {
        for _ in 0..<count where index < characters.count {
          out.append(" ")
          index += 1
        }
      }
      while index < characters.count {
        let rest = characters[index...]
        if inBlockComment > 0 {
          if rest.starts(with: "*/") {
            inBlockComment -= 1
            blank(2)
          } else if rest.starts(with: "/*") {
            inBlockComment += 1
            blank(2)
          } else {
            blank(1)
          }
        } else if inMultilineString {
          if rest.starts(with: "\"\"\"") {
            inMultilineString = false
            blank(3)
          } else if rest.starts(with: "\\") {
            blank(2)
          } else {
            blank(1)
          }
        } else if rest.starts(with: "//") {
          blank(characters.count - index)
        } else if rest.starts(with: "/*") {
          inBlockComment += 1
          blank(2)
        } else if rest.starts(with: "\"\"\"") {
          inMultilineString = true
          blank(3)
        } else if characters[index] == "\"" || (characters[index] == "#" && rest.dropFirst().first == "\"") {
          // A string literal on one line, raw or not: filled to its closing quote with `_`, a name's
          // character, so the line still ends in a value where it did (`let note = "a == b"`).
          let raw = characters[index] == "#"
          func blank(_ count: Int) {
            for _ in 0..<count where index < characters.count {
              out.append("_")
              index += 1
            }
          }
          blank(raw ? 2 : 1)
          var depth = 0
          while index < characters.count {
            let next = characters[index...]
            if !raw, next.starts(with: "\\(") {
              depth += 1
              blank(2)
            } else if !raw, depth > 0, characters[index] == ")" {
              depth -= 1
              blank(1)
            } else if !raw, next.starts(with: "\\") {
              blank(2)
            } else if depth == 0, characters[index] == "\"" {
              blank(raw && next.dropFirst().first == "#" ? 2 : 1)
              break
            } else {
              blank(1)
            }
          }
        } else {
          out.append(characters[index])
          index += 1
        }
      }
      code.append(String(out))
    }
    self.code = code
  }

  /// How much `line`'s code changes the nesting of `{}`, `()` and `[]`.
  public func depthChange(_ line: Int) -> Int {
    code[line].reduce(0) { depth, character in
      switch character {
      case "{", "(", "[": depth + 1
      case "}", ")", "]": depth - 1
      default: depth
      }
    }
  }

  /// `line`'s code without the indentation and the trailing spaces.
  public func trimmed(_ line: Int) -> String {
    code[line].trimmingCharacters(in: .whitespaces)
  }
}
