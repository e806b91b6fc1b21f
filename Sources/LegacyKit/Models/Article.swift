/// A news article: the value every legacy service in the course passes around.
public struct Article: Sendable, Hashable, Identifiable {
  /// A stable identifier.
  public let id: Int
  /// The headline.
  public let title: String
  /// Whether readers may see it yet.
  public let isPublished: Bool

  /// Creates an article.
  public init(id: Int, title: String, isPublished: Bool = true) {
    self.id = id
    self.title = title
    self.isPublished = isPublished
  }

  /// A small feed to start from: three published articles and one draft.
  public static let samples: [Article] = [
    Article(id: 1, title: "Promises, kept"),
    Article(id: 2, title: "Continuations resume once"),
    Article(id: 3, title: "Draft: streams", isPublished: false),
    Article(id: 4, title: "The main actor, explained"),
  ]
}
