/// A small image for an article, as the legacy image service returns it.
public struct Thumbnail: Sendable, Hashable {
  /// The article the thumbnail belongs to.
  public let articleID: Int
  /// The image's size in bytes.
  public let bytes: Int

  /// Creates a thumbnail.
  public init(articleID: Int, bytes: Int = 1024) {
    self.articleID = articleID
    self.bytes = bytes
  }
}
