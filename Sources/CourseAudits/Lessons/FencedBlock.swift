import CourseCatalog
import Foundation

/// One fenced code block of a Markdown file: its info string, its lines, and where it starts.
///
/// Lessons are checked like code, so the checks need the blocks exactly as GitHub reads them: a
/// fence of three or more backticks, possibly indented inside a list item, closed by a fence at
/// least as long. The block's lines lose the fence's indentation and nothing else.
///
/// ```swift
/// let diagrams = FencedBlock.blocks(in: lesson).filter { $0.language == "mermaid" }
/// ```
public struct FencedBlock: Sendable, Equatable {
  /// The words after the opening fence: `swift`, `swift partial`, `mermaid`.
  public let info: String
  /// The block's lines, without the fences and without the fence's indentation.
  public let lines: [String]
  /// The 1-based line of the opening fence in the Markdown file.
  public let line: Int
  /// The HTML comment on the line just before the opening fence (a blank line between is allowed),
  /// without `<!--` and `-->`; `nil` when there is none.
  public let comment: String?

  /// The first word of the info string, lowercased: the block's language.
  public var language: String { info.split(separator: " ").first.map { $0.lowercased() } ?? "" }
  /// The words of the info string after the language (`partial`, `error`).
  public var flags: [String] { info.split(separator: " ").dropFirst().map(String.init) }
  /// The block's text, its lines joined by newlines.
  public var text: String { lines.joined(separator: "\n") }

  /// A block, as the parser reports it.
  public init(info: String, lines: [String], line: Int, comment: String? = nil) {
    self.info = info
    self.lines = lines
    self.line = line
    self.comment = comment
  }

  /// Every fenced block of `markdown`, in order; an unclosed fence runs to the end of the file.
  public static func blocks(in markdown: String) -> [FencedBlock] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var blocks: [FencedBlock] = []
    var index = 0
    while index < lines.count {
      guard let fence = Fence(lines[index]) else {
        index += 1
        continue
      }
      let start = index
      var body: [String] = []
      index += 1
      while index < lines.count, !fence.isClosed(by: lines[index]) {
        body.append(fence.unindent(lines[index]))
        index += 1
      }
      index += 1
      blocks.append(
        FencedBlock(info: fence.info, lines: body, line: start + 1, comment: comment(before: start, in: lines)))
    }
    return blocks
  }

  private static func comment(before fence: Int, in lines: [String]) -> String? {
    var index = fence - 1
    if index >= 0, lines[index].trimmingCharacters(in: .whitespaces).isEmpty { index -= 1 }
    guard index >= 0 else { return nil }
    let candidate = lines[index].trimmingCharacters(in: .whitespaces)
    guard candidate.hasPrefix("<!--"), candidate.hasSuffix("-->") else { return nil }
    return String(candidate.dropFirst(4).dropLast(3)).trimmingCharacters(in: .whitespaces)
  }

  /// An opening fence: its indentation, its length and its info string.
  private struct Fence {
    let indent: Int
    let length: Int
    let info: String

    init?(_ line: String) {
      let indent = line.prefix { $0 == " " }.count
      let rest = line.dropFirst(indent)
      let length = rest.prefix { $0 == "`" }.count
      guard length >= 3 else { return nil }
      self.indent = indent
      self.length = length
      self.info = rest.dropFirst(length).trimmingCharacters(in: .whitespaces)
    }

    func isClosed(by line: String) -> Bool {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.count >= length && trimmed.allSatisfy { $0 == "`" }
    }

    func unindent(_ line: String) -> String {
      let spaces = min(indent, line.prefix { $0 == " " }.count)
      return String(line.dropFirst(spaces))
    }
  }
}
