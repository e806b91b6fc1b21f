// Exercise 8.6 · Main actor by default: work that must leave it
// Grade 3 (challenge) · Lesson: Docs/08-the-swift-6-language-mode.md#main-actor-by-default
// Check it: swift run course check 8.6   (or: swift test --filter StrictConcurrencyTests.Ex8_6_ApproachableConcurrencyTests)
//
// This file belongs to an app target built with Swift 6.2's approachable concurrency: the main
// actor by default (SE-0466, `-default-isolation MainActor`) and a `nonisolated async` function that
// runs on its caller's actor (SE-0461, `NonisolatedNonsendingByDefault`). The check builds it that
// way, in the Swift 6 language mode. It builds clean; and every thumbnail is drawn on the main actor,
// which can do nothing else meanwhile: the screen freezes. Fix it:
//   - `Thumbnailer.thumbnail(of:)` runs `render` off the main actor, whoever calls it (how it leaves
//     is yours, short of an escape hatch: `@concurrent` is the lesson's way); [runs-on-caller]
//   - `Gallery` stays on the main actor: `load(_:)` keeps the thumbnails in the order of `images`;
//     [wrong-order]
//   - the file builds in the Swift 6 language mode, built as above, with no warning. [isolated-call]
// No escape hatch (`Task.detached`, `nonisolated(unsafe)`, `@unchecked Sendable`). [detached-task]
// [nonisolated-unsafe] [unchecked-sendable]
// The functions keep their names and parameters.

/// Draws small copies of images: slow work that should never run on the main actor.
public struct Thumbnailer: Sendable {
  private let render: @Sendable ([UInt8]) -> [UInt8]

  /// A thumbnailer that draws with `render`.
  public init(render: @escaping @Sendable ([UInt8]) -> [UInt8]) {
    self.render = render
  }

  /// A small copy of `image`.
  public nonisolated func thumbnail(of image: [UInt8]) async -> [UInt8] {
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
