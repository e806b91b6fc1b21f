/// The projector page of `course present`: laid out for one width and one height, every line within them.
///
/// Pure text in, lines out, so that the layout is tested without a terminal. Headings and prose
/// wrap at spaces, code at a space where it can (a cut is marked with `↪`), each checklist item
/// stays whole under its own box, and the verdict opens with a banner five lines tall. The page
/// fits a projector of ``maximumHeight`` rows: the stub shows its code, without the header
/// comment that the title and the checklist already say, and what does not fit is counted, not
/// cut silently.
struct PresentPage {
  /// The widest page, however wide the terminal: longer lines are hard to follow on a projector.
  static let maximumWidth = 100
  /// The width used when output is not a terminal and `COLUMNS` is not set.
  static let defaultWidth = 80
  /// The rows of a projector at a font the back row can read: about 40.
  static let maximumHeight = 40
  /// The tallest page: the projector's rows less one, for the shell's prompt that follows the page
  /// (on a cleared screen the page starts at the top, and the prompt must not push it off).
  static let pageHeight = maximumHeight - 1

  var title: String
  var subtitle: String
  var stubHeading: String
  var stub: String
  /// Where the whole stub can be read, named when part of it does not fit.
  var stubFile: String = ""
  var checklistHeading: String
  var checklist: [String]
  /// The verdict's heading, its banner word and its explanation, when there is one.
  var verdict: (heading: String, banner: String, explanation: [String])?

  /// The page's width for a terminal of `columns` (`nil`: not a terminal).
  static func width(forTerminalColumns columns: Int?) -> Int {
    min(max(columns ?? defaultWidth, 40), maximumWidth)
  }

  /// The page, in at most `height` lines of at most `width` characters.
  func lines(width: Int, height: Int = pageHeight) -> [String] {
    let rule = String(repeating: "═", count: width)
    var top = [rule]
    top += TextWrap.prose(title, width: width, indent: "  ")
    top += Self.packed(subtitle, width: width, indent: "  ")
    top += [rule, ""]
    top += TextWrap.prose(stubHeading, width: width, indent: "  ") + [""]

    var bottom = [""] + TextWrap.prose(checklistHeading, width: width, indent: "  ") + [""]
    for item in checklist {
      bottom += TextWrap.prose("□ " + item, width: width, indent: "    ", hangingIndent: "      ")
    }
    bottom.append("")
    if let verdict {
      bottom += TextWrap.prose(verdict.heading, width: width, indent: "  ") + [""]
      bottom += Banner.lines(verdict.banner, width: width) + [""]
      var explanation = verdict.explanation.flatMap {
        TextWrap.prose($0, width: width, indent: "    ", hangingIndent: "      ")
      }
      // The verdict's first sentences matter most; a long list of failures is for `check` to print.
      let room = max(4, height - top.count - bottom.count - Self.fewestStubLines - 2)
      if explanation.count > room {
        let note = { (hidden: Int) in
          TextWrap.prose("… and \(hidden) more lines: run the check to read them all", width: width, indent: "    ")
        }
        let shown = max(1, room - note(explanation.count).count)
        explanation = Array(explanation.prefix(shown)) + note(explanation.count - shown)
      }
      bottom += explanation + [""]
    }
    bottom.append(rule)

    let room = max(Self.fewestStubLines / 2, height - top.count - bottom.count)
    let code = Self.window(
      of: Self.code(ofStub: stub), fitting: room, width: width, file: stubFile.isEmpty ? "" : " of \(stubFile)")
    return top + code + bottom
  }

  /// `line`'s parts (between `  ·  `) on as few lines as fit `width`, a line breaking only between
  /// parts, so that no line ends in a dangling `·`; a part too long for a line alone is wrapped as prose.
  static func packed(_ line: String, width: Int, indent: String) -> [String] {
    let separator = "  ·  "
    var lines: [String] = []
    var current = ""
    for part in line.components(separatedBy: separator) {
      let joined = current.isEmpty ? part : current + separator + part
      if indent.count + joined.count <= width {
        current = joined
      } else {
        if !current.isEmpty { lines += TextWrap.prose(current, width: width, indent: indent) }
        current = part
      }
    }
    if !current.isEmpty { lines += TextWrap.prose(current, width: width, indent: indent) }
    return lines
  }

  /// The indent of the stub's code: four spaces, under the checklist's boxes, on a wide page; two on
  /// a page of under 90 columns, where every column of a line of code counts.
  static func codeIndent(width: Int) -> String {
    width < 90 ? "  " : "    "
  }

  /// The stub's code in at most `room` lines: without its doc comments when it is too long, and
  /// then the part around the line to replace (`NotStarted`), with notes that count what is left out.
  static func window(of code: [String], fitting room: Int, width: Int, file: String) -> [String] {
    let indent = codeIndent(width: width)
    let wrap = { (lines: [String]) in lines.flatMap { TextWrap.code($0, width: width, indent: indent) } }
    var lines = wrap(code)
    if lines.count > room {
      lines = wrap(code.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("///") })
    }
    if lines.count > room {  // then the blank lines between declarations, before any code is cut
      lines = wrap(
        code.filter {
          let trimmed = $0.trimmingCharacters(in: .whitespaces)
          return !trimmed.hasPrefix("///") && !trimmed.isEmpty
        })
    }
    guard lines.count > room else { return lines }
    let note = { (text: String) in TextWrap.prose(text, width: width, indent: "    ") }
    let after = note("… \(lines.count) more lines\(file)")
    let before = note("… \(lines.count) lines above")
    let marker = lines.firstIndex { $0.contains("NotStarted(") } ?? 0
    var shown = max(1, room - after.count)
    var start = 0
    if marker >= shown {  // the line to replace would be cut off: centre the window on it
      shown = max(1, room - after.count - before.count)
      start = min(marker - shown / 2, lines.count - shown)
    }
    let end = min(lines.count, start + shown)
    return (start > 0 ? note("… \(start) lines above") : []) + lines[start..<end]
      + (end < lines.count ? note("… \(lines.count - end) more lines\(file)") : [])
  }

  /// The fewest lines of the stub a page shows, however long the verdict; on a page narrower than
  /// about 70 columns, where every checklist item takes several lines, half as many, and such a
  /// page may run longer than its height rather than lose an item.
  static let fewestStubLines = 6

  /// The code of a stub: its lines after the header comment and the imports, which the page's
  /// title, the lesson and the checklist already say, without blank lines at either end.
  static func code(ofStub stub: String) -> [String] {
    var lines = stub.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func isHeader(_ line: String) -> Bool {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      return trimmed.isEmpty || (trimmed.hasPrefix("//") && !trimmed.hasPrefix("///")) || trimmed.hasPrefix("import ")
        || trimmed.hasPrefix("@testable import ") || trimmed.hasPrefix("@preconcurrency import ")
    }
    let start = lines.firstIndex { !isHeader($0) } ?? lines.endIndex
    lines.removeFirst(start)
    while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
    return lines
  }
}
