/// One row's data, as a ``LegacyListView``'s server sends it: a message in an inbox.
public struct LegacyListItem: Sendable, Equatable, CustomStringConvertible {
  /// The server's id of the message.
  public let id: Int
  /// What the row shows.
  public let title: String

  /// A message with this id and title.
  public init(id: Int, title: String) {
    self.id = id
    self.title = title
  }

  public var description: String { "\"\(title)\"" }
}
