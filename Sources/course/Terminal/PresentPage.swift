/// The projector page of `course present`: laid out for one width, every line within it.
///
/// Pure text in, lines out, so that the layout is tested without a terminal: headings and prose
/// wrap at spaces, code is cut with a `↪` continuation, each checklist item stays whole (wrapped
/// under its own box, never cut short), and the verdict opens with a banner five lines tall.
struct PresentPage {
  /// The widest page, however wide the terminal: longer lines are hard to follow on a projector.
  static let maximumWidth = 100
  /// The width used when output is not a terminal and `COLUMNS` is not set.
  static let defaultWidth = 80

  var title: String
  var subtitle: String
  var stubHeading: String
  var stub: String
  var checklistHeading: String
  var checklist: [String]
  /// The verdict's heading, its banner word and its explanation, when there is one.
  var verdict: (heading: String, banner: String, explanation: [String])?

  /// The page's width for a terminal of `columns` (`nil`: not a terminal).
  static func width(forTerminalColumns columns: Int?) -> Int {
    min(max(columns ?? defaultWidth, 40), maximumWidth)
  }

  /// The page, in lines of at most `width` characters.
  func lines(width: Int) -> [String] {
    let rule = String(repeating: "═", count: width)
    var lines = [rule]
    lines += TextWrap.prose(title, width: width, indent: "  ")
    lines += TextWrap.prose(subtitle, width: width, indent: "  ")
    lines += [rule, ""]
    lines += TextWrap.prose(stubHeading, width: width, indent: "  ") + [""]
    for line in stub.split(separator: "\n", omittingEmptySubsequences: false) {
      lines += TextWrap.code(String(line), width: width, indent: "    ")
    }
    lines += [""] + TextWrap.prose(checklistHeading, width: width, indent: "  ") + [""]
    for item in checklist {
      lines += TextWrap.prose("□ " + item, width: width, indent: "    ", hangingIndent: "      ")
    }
    lines.append("")
    if let verdict {
      lines += TextWrap.prose(verdict.heading, width: width, indent: "  ") + [""]
      lines += Banner.lines(verdict.banner, width: width) + [""]
      for line in verdict.explanation {
        lines += TextWrap.prose(line, width: width, indent: "    ", hangingIndent: "      ")
      }
      lines.append("")
    }
    lines.append(rule)
    return lines
  }
}
