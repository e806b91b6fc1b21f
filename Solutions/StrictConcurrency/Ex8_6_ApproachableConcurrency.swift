// Exercise 8.6 · Main actor by default: work that must leave it · solution

/// Draws small copies of images: slow work that should never run on the main actor.
public struct Thumbnailer: Sendable {
  private let render: @Sendable ([UInt8]) -> [UInt8]

  /// A thumbnailer that draws with `render`.
  public init(render: @escaping @Sendable ([UInt8]) -> [UInt8]) {
    self.render = render
  }

  /// A small copy of `image`, drawn off the main actor. In a module where a `nonisolated async`
  /// function runs on its caller's actor, `@concurrent` is what sends it to the global executor.
  @concurrent public nonisolated func thumbnail(of image: [UInt8]) async -> [UInt8] {
    render(image)
  }
}

/// The screen's model: its thumbnails, on the main actor.
public final class Gallery {
  /// The thumbnails drawn so far, in the order of the images.
  public private(set) var thumbnails: [[UInt8]] = []
  private let thumbnailer: Thumbnailer

  /// A gallery that draws with `thumbnailer`.
  public init(thumbnailer: Thumbnailer) {
    self.thumbnailer = thumbnailer
  }

  /// Draws a thumbnail of each image, in order, and keeps them.
  public func load(_ images: [[UInt8]]) async {
    for image in images {
      thumbnails.append(await thumbnailer.thumbnail(of: image))
    }
  }
}
