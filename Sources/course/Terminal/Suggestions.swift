/// The known words closest to a mistyped one, for "did you mean" answers.
///
/// Only close ones: one edit in three characters at most (a slip of the finger, two letters swapped),
/// so `check 9.9` suggests nothing rather than three ids that share only the dot.
enum Suggestions {
  static func closest(to word: String, in candidates: [String], limit: Int = 3) -> [String] {
    let scored = candidates.map { ($0, distance(word.lowercased(), $0.lowercased())) }
    let threshold = max(1, word.count / 3)
    return scored.filter { $0.1 <= threshold }.sorted { $0.1 < $1.1 }.prefix(limit).map(\.0)
  }

  /// How many single-character edits turn `a` into `b`: insertions, deletions, substitutions, and
  /// swaps of two neighbours (the optimal string alignment distance), each counted as one.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var beforePrevious: [Int] = []
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], beforePrevious[j - 2] + 1)
        }
      }
      beforePrevious = previous
      previous = current
    }
    return previous[b.count]
  }
}
