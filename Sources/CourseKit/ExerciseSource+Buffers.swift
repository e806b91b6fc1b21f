import Foundation

extension ExerciseSource {
  /// The bounded buffering policies written in `code` (`.bufferingNewest(16)`,
  /// `.bufferingOldest(65_536)`), as written, `Int.max` left out.
  ///
  /// A burst shows a bound only when it is longer: a test can post ten thousand, and a buffer of
  /// sixty-five thousand still passes. Where a header says every element is kept however many come
  /// before the consumer reads, any bound breaks it, and the code says which one it chose.
  public static func boundedBuffers(in code: String) -> [String] {
    guard let pattern = try? NSRegularExpression(pattern: #"\.buffering(Oldest|Newest)\s*\(\s*([^)]*)\)"#) else {
      return []
    }
    let range = NSRange(code.startIndex..., in: code)
    return pattern.matches(in: code, range: range).compactMap { match in
      guard let whole = Range(match.range, in: code), let argument = Range(match.range(at: 2), in: code) else {
        return nil
      }
      return code[argument].trimmingCharacters(in: .whitespaces) == "Int.max" ? nil : String(code[whole])
    }
  }
}
