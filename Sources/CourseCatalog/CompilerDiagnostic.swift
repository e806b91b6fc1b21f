/// One error or warning the Swift compiler printed, read from its one-line (`-diagnostic-style llvm`)
/// output, with the notes that follow it.
///
/// Topic 8 is graded by the compiler: its check builds a learner's file in the Swift 6 language mode
/// and turns each diagnostic into a sentence of the lesson (``Swift6Lesson``), so the parsing lives
/// here, beside the sentences, where the kit's check and its tests both reach it.
public struct CompilerDiagnostic: Sendable, Hashable {
  /// The file the compiler named, as it wrote it.
  public let file: String
  /// The 1-based line.
  public let line: Int
  /// The 1-based column.
  public let column: Int
  /// `"error"` or `"warning"`.
  public let severity: String
  /// The message, without its group.
  public let message: String
  /// The diagnostic group the compiler printed after the message (`MutableGlobalVariable` for
  /// `[#MutableGlobalVariable]`), or `nil` when it printed none.
  public let group: String?
  /// The notes printed after it, each as `line: text`.
  public var notes: [String]

  /// Describes a diagnostic.
  public init(
    file: String, line: Int, column: Int, severity: String, message: String, group: String?, notes: [String] = []
  ) {
    self.file = file
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
    self.group = group
    self.notes = notes
  }

  /// The first name the message quotes (`requestCount` in "var 'requestCount' is not
  /// concurrency-safe…"): the learner's declaration that a sentence names.
  public var subject: String? { quoted.first }

  /// Every name the message quotes, in order: `["InboxScreen", "Badged"]` for "conformance of
  /// 'InboxScreen' to protocol 'Badged' crosses into…".
  public var quoted: [String] {
    let parts = message.split(separator: "'", omittingEmptySubsequences: false)
    return stride(from: 1, to: parts.count - 1, by: 2).map { String(parts[$0]) }
  }

  /// The compiler's own line, as it printed it: `Ex8_1.swift:12:5: error: … [#Group]`.
  public var compilerText: String {
    let name = file.split(separator: "/").last.map(String.init) ?? file
    return "\(name):\(line):\(column): \(severity): \(message)" + (group.map { " [#\($0)]" } ?? "")
  }

  /// The errors and warnings in `output`, in the order printed, each with its notes; source lines,
  /// carets and fix-its are skipped.
  public static func parse(_ output: String) -> [CompilerDiagnostic] {
    var found: [CompilerDiagnostic] = []
    for line in output.split(separator: "\n", omittingEmptySubsequences: true) {
      guard let parsed = parseLine(line) else { continue }
      if parsed.severity == "note" {
        if !found.isEmpty { found[found.count - 1].notes.append("\(parsed.line): \(parsed.message)") }
      } else if parsed.severity == "error" || parsed.severity == "warning" {
        found.append(parsed)
      }
    }
    return found
  }

  /// `path:line:column: severity: message [#Group]`, or `nil` for any other line.
  static func parseLine(_ text: Substring) -> CompilerDiagnostic? {
    for severity in ["error", "warning", "note"] {
      guard let marker = text.range(of: ": \(severity): ") else { continue }
      let place = text[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
      guard place.count >= 3, let column = Int(place[place.count - 1]), let line = Int(place[place.count - 2])
      else { continue }
      let file = place.dropLast(2).joined(separator: ":")
      var message = String(text[marker.upperBound...])
      var group: String?
      if message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) {
        group = String(message[open.upperBound..<message.index(before: message.endIndex)])
        message = String(message[..<open.lowerBound])
      }
      return CompilerDiagnostic(
        file: file, line: line, column: column, severity: severity, message: message, group: group)
    }
    return nil
  }
}
