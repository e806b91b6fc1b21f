import Foundation

/// A lesson's review checklist, item by item, each with the exercises it is about.
///
/// The list under a lesson's `## Checklist` heading is the topic's whole review; an exercise
/// practises a few of its items. Each item names those exercises in a comment that Markdown does
/// not show, `<!-- exercises: 1.1 1.5 -->`, so that `course present` can put only this exercise's
/// items on the projector and the audit can say when an exercise has none.
public enum LessonChecklist {
  /// One item of the checklist: its text, without the comment, and the exercises it names.
  public struct Item: Equatable, Sendable {
    public var text: String
    public var exercises: [String]

    /// An item that reads `text` and names `exercises`.
    public init(text: String, exercises: [String]) {
      self.text = text
      self.exercises = exercises
    }
  }

  /// The items of the `## Checklist` section of `markdown`, in order; empty when it has none.
  public static func items(inLesson markdown: String) -> [Item] {
    var items: [Item] = []
    var inside = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        if inside { break }
        inside = line.lowercased().hasPrefix("## checklist")
        continue
      }
      guard inside else { continue }
      if line.hasPrefix("- ") {
        items.append(Item(text: String(line.dropFirst(2)), exercises: []))
      } else if line.hasPrefix("  "), var last = items.popLast() {
        last.text += " " + line.trimmingCharacters(in: .whitespaces)  // a wrapped item goes on
        items.append(last)
      }
    }
    return items.map(parsed)
  }

  /// The item with its `<!-- exercises: … -->` comment taken out of the text and read.
  private static func parsed(_ item: Item) -> Item {
    guard let open = item.text.range(of: "<!--"),
      let close = item.text.range(of: "-->", range: open.upperBound..<item.text.endIndex)
    else { return item }
    let comment = item.text[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespaces)
    guard comment.hasPrefix("exercises:") else { return item }
    let ids = comment.dropFirst("exercises:".count).split { $0 == " " || $0 == "," }.map(String.init)
    let text = (item.text[..<open.lowerBound] + item.text[close.upperBound...])
      .trimmingCharacters(in: .whitespaces)
    return Item(text: text, exercises: ids)
  }
}
