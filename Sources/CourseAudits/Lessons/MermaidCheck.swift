import CourseCatalog
import Foundation

/// A well-formedness check of a Mermaid diagram, strict enough to catch what breaks rendering.
///
/// The course cannot run Mermaid's own parser (it needs a browser or Node), so this checks what
/// goes wrong in hand-written diagrams: an unknown diagram type, an empty block, unbalanced brackets
/// or quotes, a `subgraph` or `alt` without its `end`, a flowchart edge with a malformed arrow, a
/// sequence message without a valid arrow or a colon, and a `;`, which Mermaid reads as the end of a
/// statement. It knows the two diagram types the lessons use, `flowchart` (or `graph`) and
/// `sequenceDiagram`, line by line; other known types get the general checks only.
///
/// ```swift
/// for block in FencedBlock.blocks(in: lesson) where block.language == "mermaid" {
///   #expect(MermaidCheck.problems(in: block.lines).isEmpty)
/// }
/// ```
public enum MermaidCheck {
  /// The diagram types Mermaid knows, as the first word of a diagram.
  public static let diagramTypes: Set<String> = [
    "flowchart", "graph", "sequenceDiagram", "classDiagram", "stateDiagram", "stateDiagram-v2",
    "erDiagram", "journey", "gantt", "pie", "gitGraph", "mindmap", "timeline", "quadrantChart",
  ]

  /// Every problem in a diagram's lines, one sentence each; empty when the diagram is well-formed.
  public static func problems(in lines: [String]) -> [String] {
    let statements = lines.enumerated()
      .map { (number: $0.offset + 1, text: $0.element.trimmingCharacters(in: .whitespaces)) }
      .filter { !$0.text.isEmpty && !$0.text.hasPrefix("%%") }
    guard let header = statements.first else { return ["The diagram is empty."] }
    let type = header.text.split(separator: " ").first.map(String.init) ?? ""
    guard diagramTypes.contains(type) else {
      return ["Line \(header.number): \"\(type)\" is not a Mermaid diagram type."]
    }
    var problems: [String] = []
    let body = Array(statements.dropFirst())
    if body.isEmpty { problems.append("The \(type) has nothing in it.") }
    for statement in statements {
      if let problem = balanceProblem(statement.text) { problems.append("Line \(statement.number): \(problem)") }
    }
    switch type {
    case "flowchart", "graph":
      problems += flowchartProblems(header: header.text, body: body)
    case "sequenceDiagram":
      problems += sequenceProblems(body)
    default:
      break
    }
    return problems
  }

  // MARK: - Every diagram

  private static let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]

  /// Brackets must pair up and quotes must close on the line, outside quotes.
  static func balanceProblem(_ line: String) -> String? {
    var stack: [Character] = []
    var inQuote = false
    for character in line {
      if character == "\"" {
        inQuote.toggle()
      } else if inQuote {
        continue
      } else if "([{".contains(character) {
        stack.append(character)
      } else if let opening = pairs[character] {
        guard stack.last == opening else { return "\"\(character)\" closes nothing in \"\(line)\"." }
        stack.removeLast()
      }
    }
    if inQuote { return "a quote is not closed in \"\(line)\"." }
    if let open = stack.last { return "\"\(open)\" is never closed in \"\(line)\"." }
    return nil
  }

  // MARK: - Flowcharts

  private static let directions: Set<String> = ["TB", "TD", "BT", "RL", "LR"]
  /// Mermaid's flowchart links: solid, dotted and thick, with an arrow head, a circle, a cross, or none.
  private static let link = #"(?:<?-{2,}[>ox-]?|<?-\.+-[>ox]?|<?={2,}[>ox=]?)"#
  private static let node = #"[A-Za-z_][A-Za-z0-9_]*"#
  private static let nodeGroup = "\(node)(?:\\s*&\\s*\(node))*"
  private static var edge: String { "\(nodeGroup)(?:\\s*\(link)(?:\\|[^|]*\\|)?\\s*\(nodeGroup))*" }

  static func flowchartProblems(header: String, body: [(number: Int, text: String)]) -> [String] {
    var problems: [String] = []
    let words = header.split(separator: " ")
    if words.count > 1, !directions.contains(String(words[1])) {
      problems.append("\"\(words[1])\" is not a flowchart direction (TB, TD, BT, RL or LR).")
    }
    var depth = 0
    for statement in body {
      let text = statement.text
      if text.contains(";") { problems.append("Line \(statement.number): \";\" ends a Mermaid statement early.") }
      let keyword = text.split(separator: " ").first.map(String.init) ?? ""
      switch keyword {
      case "subgraph":
        depth += 1
      case "end":
        depth -= 1
        if depth < 0 { problems.append("Line \(statement.number): \"end\" closes no subgraph.") }
      case "direction":
        if !directions.contains(String(text.dropFirst("direction".count).trimmingCharacters(in: .whitespaces))) {
          problems.append("Line \(statement.number): \"\(text)\" names no direction.")
        }
      case "classDef", "class", "style", "linkStyle", "click":
        break
      default:
        let shape = stripShapes(text)
        if wholeMatch(edge, shape) == nil {
          problems.append("Line \(statement.number): \"\(text)\" is not a node or a link with a well-formed arrow.")
        }
      }
    }
    if depth > 0 { problems.append("\(depth) subgraph(s) have no \"end\".") }
    return problems
  }

  /// The statement with its quoted text and node shapes removed, leaving node ids and links.
  static func stripShapes(_ text: String) -> String {
    var result = text.replacing(/"[^"]*"/, with: "")
    while true {
      let next = result.replacing(/\[[^\[\]]*\]|\([^()]*\)|\{[^{}]*\}/, with: "")
      if next == result { return result.trimmingCharacters(in: .whitespaces) }
      result = next
    }
  }

  /// The whole-line match of `pattern` against `text`; `nil` when it does not match.
  private static func wholeMatch(_ pattern: String, _ text: String) -> Regex<AnyRegexOutput>.Match? {
    (try? Regex(pattern)).flatMap { try? $0.wholeMatch(in: text) }
  }

  // MARK: - Sequence diagrams

  private static let blockOpeners: Set<String> = ["alt", "opt", "loop", "par", "rect", "critical", "break", "box"]
  private static let blockMiddles: Set<String> = ["else", "and", "option"]
  private static let message =
    #"([A-Za-z_][A-Za-z0-9_]*)\s*(-->>|->>|-->|->|--x|-x|--\)|-\))\s*[+-]?([A-Za-z_][A-Za-z0-9_]*)\s*:\s*\S.*"#
  private static let declaration = #"(participant|actor)\s+([A-Za-z_][A-Za-z0-9_]*)(\s+as\s+\S.*)?"#
  private static let note =
    #"[Nn]ote\s+(over|left of|right of)\s+([A-Za-z_][A-Za-z0-9_]*)(\s*,\s*[A-Za-z_][A-Za-z0-9_]*)?\s*:\s*\S.*"#

  static func sequenceProblems(_ body: [(number: Int, text: String)]) -> [String] {
    var problems: [String] = []
    var declared: Set<String> = []
    var depth = 0
    for statement in body {
      let text = statement.text
      let at = "Line \(statement.number)"
      if text.contains(";") { problems.append("\(at): \";\" ends a Mermaid statement early.") }
      let keyword = text.split(separator: " ").first.map(String.init) ?? ""
      if keyword == "participant" || keyword == "actor" {
        if let match = wholeMatch(declaration, text), let name = match.output[2].substring {
          declared.insert(String(name))
        } else {
          problems.append("\(at): \"\(text)\" is not a participant declaration.")
        }
      } else if blockOpeners.contains(keyword) {
        depth += 1
      } else if blockMiddles.contains(keyword) {
        if depth == 0 { problems.append("\(at): \"\(keyword)\" outside any block.") }
      } else if keyword == "end" {
        depth -= 1
        if depth < 0 { problems.append("\(at): \"end\" closes no block.") }
      } else if ["autonumber", "activate", "deactivate", "title"].contains(keyword) {
        continue
      } else if keyword.lowercased() == "note" {
        if wholeMatch(note, text) == nil { problems.append("\(at): \"\(text)\" is not a well-formed note.") }
      } else if let match = wholeMatch(message, text),
        let from = match.output[1].substring, let to = match.output[3].substring
      {
        for name in [from, to] where !declared.isEmpty && !declared.contains(String(name)) {
          problems.append("\(at): \"\(name)\" is not a declared participant.")
        }
      } else {
        problems.append("\(at): \"\(text)\" is not a message with a well-formed arrow and a colon.")
      }
    }
    if depth > 0 { problems.append("\(depth) block(s) have no \"end\".") }
    return problems
  }
}
