/// Wraps text to a width: prose at spaces, code anywhere, so that nothing runs off a projector.
enum TextWrap {
  /// Prose wrapped at spaces into lines of at most `width` characters, the first starting with
  /// `indent` and the rest with `hangingIndent`; a word longer than a line is split.
  static func prose(_ text: String, width: Int, indent: String = "", hangingIndent: String? = nil) -> [String] {
    let hanging = hangingIndent ?? indent
    var lines: [String] = []
    var line = indent
    var lineHasWord = false
    for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
      var word = word
      let room = width - (lineHasWord ? line.count + 1 : line.count)
      if word.count <= room {
        line += (lineHasWord ? " " : "") + word
        lineHasWord = true
        continue
      }
      if lineHasWord {
        lines.append(line)
        line = hanging
        lineHasWord = false
      }
      while line.count + word.count > width, width - line.count > 0 {  // a word wider than a line
        let cut = width - line.count
        lines.append(line + word.prefix(cut))
        word = String(word.dropFirst(cut))
        line = hanging
      }
      line += word
      lineHasWord = !word.isEmpty
    }
    if lineHasWord || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// A line of code cut into pieces of at most `width` characters, each continuation marked with
  /// `↪` so that nobody reads it as a line of its own. Leading spaces are kept: they are the code's.
  static func code(_ line: String, width: Int, indent: String) -> [String] {
    let first = width - indent.count
    guard line.count > first, first > 8 else { return [indent + line] }
    let continuation = indent + "  ↪ "
    var pieces = [indent + line.prefix(first)]
    var rest = Substring(line.dropFirst(first))
    let room = width - continuation.count
    while !rest.isEmpty {
      pieces.append(continuation + rest.prefix(room))
      rest = rest.dropFirst(room)
    }
    return pieces
  }
}
