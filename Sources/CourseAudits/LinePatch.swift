/// A unified diff of one text file against another, made and applied line by line.
///
/// The corpus keeps each wrong answer as a patch of its exercise's solution, so a mistake reads in
/// a few lines and a changed solution carries every answer along. Applying looks for each hunk at
/// its line first and then, when the solution moved, wherever its old lines stand once: a hunk
/// whose old lines are nowhere, or in more than one place, is a conflict, named by its first line.
///
/// ```swift
/// let patch = LinePatch(from: solution, to: wrongAnswer)
/// patch.text                    // "@@ -3,7 +3,6 @@\n context\n-removed\n …"
/// try LinePatch(parsing: patch.text).apply(to: solution) == wrongAnswer
/// ```
public struct LinePatch: Sendable, Equatable {
  /// One change: the lines it expects (context and removed) and the lines it leaves (context and added).
  public struct Hunk: Sendable, Equatable {
    /// Where its old lines start in the file it was made from, counting from 1.
    public var oldStart: Int
    /// Each line with its mark: " " context, "-" removed, "+" added.
    public var lines: [(mark: Character, text: String)]

    public static func == (left: Hunk, right: Hunk) -> Bool {
      left.oldStart == right.oldStart
        && left.lines.map { "\($0.mark)\($0.text)" } == right.lines.map { "\($0.mark)\($0.text)" }
    }

    var old: [String] { lines.filter { $0.mark != "+" }.map(\.text) }
    var new: [String] { lines.filter { $0.mark != "-" }.map(\.text) }
  }

  /// Why a patch could not be read or applied.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    public let description: String
  }

  /// The hunks, in file order.
  public var hunks: [Hunk]

  /// How many lines of context stand around each change.
  public static let context = 3

  /// The patch that turns `old` into `new`: a longest common subsequence of their lines, with
  /// ``context`` lines around each change.
  public init(from old: String, to new: String) {
    let a = Self.lines(old)
    let b = Self.lines(new)
    // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
    var lengths = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in stride(from: a.count - 1, through: 0, by: -1) {
      for j in stride(from: b.count - 1, through: 0, by: -1) {
        lengths[i][j] = a[i] == b[j] ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
      }
    }
    var script: [(mark: Character, text: String, oldIndex: Int)] = []
    var (i, j) = (0, 0)
    while i < a.count || j < b.count {
      if i < a.count, j < b.count, a[i] == b[j] {
        script.append((" ", a[i], i))
        i += 1
        j += 1
      } else if i < a.count, j == b.count || lengths[i + 1][j] >= lengths[i][j + 1] {
        script.append(("-", a[i], i))  // a removed line before the added one, as diff writes them
        i += 1
      } else {
        script.append(("+", b[j], i))
        j += 1
      }
    }
    // Group the changes, each with its context, merging groups whose context would touch.
    let changed = script.indices.filter { script[$0].mark != " " }
    var groups: [ClosedRange<Int>] = []
    for index in changed {
      let range = max(0, index - Self.context)...min(script.count - 1, index + Self.context)
      if let last = groups.last, range.lowerBound <= last.upperBound + 1 {
        groups[groups.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
      } else {
        groups.append(range)
      }
    }
    hunks = groups.map { group in
      Hunk(oldStart: script[group.lowerBound].oldIndex + 1, lines: script[group].map { ($0.mark, $0.text) })
    }
  }

  /// The patch written out in `text`, the hunks of a unified diff (`@@ -a,b +c,d @@` and their
  /// lines); anything before the first hunk (a `---`/`+++` pair, a note) is passed over.
  public init(parsing text: String) throws {
    hunks = []
    for line in Self.lines(text) {
      if line.hasPrefix("@@ ") {
        let old = line.split(separator: " ").dropFirst().first ?? ""
        guard old.hasPrefix("-"), let start = Int(old.dropFirst().split(separator: ",").first ?? "") else {
          throw Failure(description: "a hunk header is not `@@ -start,count +start,count @@`: \(line)")
        }
        hunks.append(Hunk(oldStart: max(start, 1), lines: []))
      } else if !hunks.isEmpty, let mark = line.first, [" ", "-", "+"].contains(mark) {
        hunks[hunks.count - 1].lines.append((mark, String(line.dropFirst())))
      } else if !hunks.isEmpty, line.isEmpty {
        hunks[hunks.count - 1].lines.append((" ", ""))  // an editor may strip a blank context line's space
      }
    }
  }

  /// The unified diff: a header naming the two files, then each hunk.
  public func text(from oldName: String, to newName: String) -> String {
    var out = ["--- \(oldName)", "+++ \(newName)"]
    var shift = 0
    for hunk in hunks {
      let (old, new) = (hunk.old.count, hunk.new.count)
      out.append("@@ -\(hunk.oldStart),\(old) +\(hunk.oldStart + shift),\(new) @@")
      out += hunk.lines.map { "\($0.mark)\($0.text)" }
      shift += new - old
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// `base` with every hunk applied; throws, naming the first hunk whose old lines `base` does not hold once.
  public func apply(to base: String) throws -> String {
    var lines = Self.lines(base)
    var shift = 0
    for hunk in hunks {
      let old = hunk.old
      let expected = hunk.oldStart - 1 + shift
      let start: Int
      if Self.matches(old, in: lines, at: expected) {
        start = expected
      } else {
        let places = (0...max(0, lines.count - old.count)).filter { Self.matches(old, in: lines, at: $0) }
        guard places.count == 1 else {
          let first = hunk.lines.first { $0.mark != "+" }?.text.trimmingCharacters(in: .whitespaces) ?? ""
          throw Failure(
            description:
              "its hunk at line \(hunk.oldStart) (\"\(first)\") \(places.isEmpty ? "is not in" : "stands in \(places.count) places of") the file it patches"
          )
        }
        start = places[0]
      }
      lines.replaceSubrange(start..<(start + old.count), with: hunk.new)
      shift = start + hunk.new.count - (hunk.oldStart - 1 + old.count)
    }
    return lines.joined(separator: "\n") + "\n"
  }

  private static func matches(_ old: [String], in lines: [String], at start: Int) -> Bool {
    start >= 0 && start + old.count <= lines.count && Array(lines[start..<(start + old.count)]) == old
  }

  /// The lines of `text`, without the empty one after its last newline.
  static func lines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    return lines
  }
}
