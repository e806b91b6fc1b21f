/// Words in letters five lines tall, for a verdict that the back row of a room can read.
///
/// Only the letters the course's verdicts use are drawn; any other text falls back to spaced
/// capitals in a frame, which is still larger than a line of output.
enum Banner {
  /// The banner for `text`, centred in lines of at most `width` characters.
  static func lines(_ text: String, width: Int) -> [String] {
    let words = text.uppercased().split(separator: " ").map(String.init)
    guard !words.isEmpty, words.allSatisfy({ $0.allSatisfy { glyphs[$0] != nil } }),
      words.allSatisfy({ rendered($0)[0].count <= width })
    else { return framed(text, width: width) }
    // Words go on one banner line while they fit, then on the next.
    var rows: [[String]] = []
    for word in words {
      if let last = rows.last, rendered((last + [word]).joined(separator: " "))[0].count <= width {
        rows[rows.count - 1].append(word)
      } else {
        rows.append([word])
      }
    }
    var lines: [String] = []
    for (index, row) in rows.enumerated() {
      if index > 0 { lines.append("") }
      lines += rendered(row.joined(separator: " ")).map { centred($0, width: width) }
    }
    return lines
  }

  /// The text in spaced capitals, framed: the fallback for letters with no glyph.
  static func framed(_ text: String, width: Int) -> [String] {
    let spaced = text.uppercased().map(String.init).joined(separator: " ")
    let inner = TextWrap.prose(spaced, width: max(width - 6, 10))
    let size = min(width, (inner.map(\.count).max() ?? 0) + 6)
    let bar = String(repeating: "█", count: size)
    let blank = "██" + String(repeating: " ", count: size - 4) + "██"
    let body = inner.map { line in
      "██ " + line + String(repeating: " ", count: max(size - 6 - line.count, 0)) + " ██"
    }
    return [bar, blank] + body + [blank, bar]
  }

  private static func rendered(_ text: String) -> [String] {
    (0..<5).map { row in
      text.map { character in glyphs[character]?[row] ?? "" }.joined(separator: " ")
    }
  }

  private static func centred(_ line: String, width: Int) -> String {
    String(repeating: " ", count: max((width - line.count) / 2, 0)) + line
  }

  private static let glyphs: [Character: [String]] = [
    " ": ["   ", "   ", "   ", "   ", "   "],
    "A": [" ███ ", "█   █", "█████", "█   █", "█   █"],
    "C": [" ████", "█    ", "█    ", "█    ", " ████"],
    "D": ["████ ", "█   █", "█   █", "█   █", "████ "],
    "E": ["█████", "█    ", "████ ", "█    ", "█████"],
    "F": ["█████", "█    ", "████ ", "█    ", "█    "],
    "G": [" ████", "█    ", "█  ██", "█   █", " ████"],
    "H": ["█   █", "█   █", "█████", "█   █", "█   █"],
    "I": ["█████", "  █  ", "  █  ", "  █  ", "█████"],
    "L": ["█    ", "█    ", "█    ", "█    ", "█████"],
    "M": ["█   █", "██ ██", "█ █ █", "█   █", "█   █"],
    "N": ["█   █", "██  █", "█ █ █", "█  ██", "█   █"],
    "O": [" ███ ", "█   █", "█   █", "█   █", " ███ "],
    "P": ["████ ", "█   █", "████ ", "█    ", "█    "],
    "R": ["████ ", "█   █", "████ ", "█  █ ", "█   █"],
    "S": [" ████", "█    ", " ███ ", "    █", "████ "],
    "T": ["█████", "  █  ", "  █  ", "  █  ", "  █  "],
    "W": ["█   █", "█   █", "█ █ █", "██ ██", "█   █"],
  ]
}
