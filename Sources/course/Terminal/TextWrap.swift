/// Wraps text to a width at word boundaries, so that nothing runs off a projector.
enum TextWrap {
  /// Prose wrapped at spaces into lines of at most `width` characters, the first starting with
  /// `indent` and the rest with `hangingIndent`. A word longer than a whole line (a long path) is
  /// cut after a `/`, `.` or `_` where it has one.
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
        let cut = breakPoint(in: word, within: width - line.count)
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

  /// Where to cut a word that does not fit in `room` characters: after its last `/`, `.` or `_`
  /// that fits, when that keeps at least half the room filled; else at the room's end.
  private static func breakPoint(in word: String, within room: Int) -> Int {
    let characters = Array(word.prefix(room))
    if let last = characters.lastIndex(where: { "/._".contains($0) }), last + 1 >= room / 2 { return last + 1 }
    return room
  }

  /// A line of code cut into pieces of at most `width` characters, at a space where there is one
  /// in the second half of the piece, each continuation marked with `↪` so that nobody reads it
  /// as a line of its own. Leading spaces are kept: they are the code's.
  static func code(_ line: String, width: Int, indent: String) -> [String] {
    let first = width - indent.count
    guard line.count > first, first > 8 else { return [indent + line] }
    // A continuation starts under the code it continues, where there is room for that.
    let lead = line.prefix { $0 == " " }.count
    let continuation = indent + String(repeating: " ", count: min(lead, first / 3)) + "  ↪ "
    let room = width - continuation.count
    var pieces: [String] = []
    var rest = Substring(line)
    var limit = first
    while rest.count > limit {
      let window = Array(rest.prefix(limit))
      let lead = rest.prefix { $0 == " " }.count
      var cut = limit
      if let space = window.lastIndex(of: " "), space > max(lead, limit / 2) {
        cut = space + 1
        // A continuation of a lone brace or two says nothing: cut a word earlier, so it carries one.
        if rest.count - cut <= 3, let earlier = window[..<space].lastIndex(of: " "), earlier > max(lead, limit / 2) {
          cut = earlier + 1
        }
      }
      pieces.append(String(rest.prefix(cut)))
      rest = rest.dropFirst(cut)
      limit = room
    }
    pieces.append(String(rest))
    return [indent + pieces[0]] + pieces.dropFirst().map { continuation + $0 }
  }
}
