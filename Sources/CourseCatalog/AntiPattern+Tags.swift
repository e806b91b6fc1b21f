import Foundation

extension AntiPattern {
  /// The anti-patterns the kit's own sentences name, in every exercise: a resume gone wrong, a hang,
  /// a crash. Their sentences are written once, in `CourseKit`, so their ids are declared once, here.
  public static let kit: [AntiPattern] = [
    AntiPattern(id: resumedTwice, unlisted: "A continuation resumed more than once"),
    AntiPattern(id: leakedContinuation, unlisted: "A continuation dropped without being resumed"),
    AntiPattern(id: neverFinished, unlisted: "Code under test that never finishes"),
    AntiPattern(id: crashed, unlisted: "Code under test that crashes the process"),
    AntiPattern(id: unknownDiagnostic, unlisted: "A Swift 6 diagnostic the course does not explain"),
    AntiPattern(id: notBuiltInSwift6, unlisted: "Code that does not build in the Swift 6 mode, so cannot run there"),
  ]
  /// The id of the kit's sentence for a continuation resumed twice.
  public static let resumedTwice = "resumed-twice"
  /// The id of the kit's sentence for a continuation the runtime saw dropped.
  public static let leakedContinuation = "leaked-continuation"
  /// The id of the kit's sentences for an operation that never ended within its deadline.
  public static let neverFinished = "never-finished"
  /// The id of the kit's sentence for a child process that crashed.
  public static let crashed = "crashed"
  /// The id of the kit's sentence for a Swift 6 diagnostic that topic 8's lesson does not explain.
  public static let unknownDiagnostic = "unknown-diagnostic"
  /// The id of the kit's sentence for a topic-8 program that could not be run because its file does not
  /// build in the Swift 6 mode: a consequence, whose cause the build's own test names.
  public static let notBuiltInSwift6 = "not-built-in-swift6"

  /// `sentence` ending with the tag of `id`: `"… too. [done-only]"`.
  public static func tagged(_ sentence: String, _ id: String) -> String {
    "\(sentence) [\(id)]"
  }

  /// `sentence` with `detail` added after its words and before its tags, so the tags stay at the end.
  public static func adding(_ detail: String, to sentence: String) -> String {
    let (words, tags) = split(sentence)
    return tags.isEmpty ? "\(words) \(detail)" : "\(words) \(detail) \(tags)"
  }

  /// The ids a message's tags name, in order, counting only those in `known`: an array that a
  /// sentence prints, such as `[true]`, is not a tag.
  public static func tags(in message: String, known: Set<String>) -> [String] {
    tagRanges(in: message).map { String(message[$0].dropFirst(2).dropLast()) }.filter(known.contains)
  }

  /// `message` without the tags of the ids in `known`: what a learner reads.
  public static func untagged(_ message: String, known: Set<String>) -> String {
    var text = message
    for range in tagRanges(in: message).reversed()
    where known.contains(String(message[range].dropFirst(2).dropLast())) {
      text.removeSubrange(range)
    }
    return text
  }

  /// The ranges of ` [id]` in `message`, each with the space before it.
  public static func tagRanges(in message: String) -> [Range<String.Index>] {
    var ranges: [Range<String.Index>] = []
    var search = message.startIndex..<message.endIndex
    while let open = message.range(of: " [", range: search) {
      guard let close = message[open.upperBound...].firstIndex(of: "]") else { break }
      if isID(message[open.upperBound..<close]) {
        ranges.append(open.lowerBound..<message.index(after: close))
      }
      search = open.upperBound..<message.endIndex
    }
    return ranges
  }

  /// A sentence split into its words and its trailing tags (`"[a] [b]"`, or empty).
  static func split(_ sentence: String) -> (words: String, tags: String) {
    var words = Substring(sentence)
    var tags: [Substring] = []
    while words.hasSuffix("]"), let open = words.range(of: " [", options: .backwards),
      isID(words[open.upperBound..<words.index(before: words.endIndex)])
    {
      tags.insert(words[words.index(after: open.lowerBound)...], at: 0)
      words = words[..<open.lowerBound]
    }
    return (String(words), tags.joined(separator: " "))
  }
}
