import CourseKit
import Testing

@Suite("8.6 Main actor by default: work that must leave it", .exercise("8.6"))
struct Ex8_6_ApproachableConcurrencyTests {
  @Test(
    "Builds in the Swift 6 language mode, main actor by default and nonisolated async on the caller's actor, with no warning and no escape hatch"
  )
  func buildsInSwift6() async {
    await Swift6Build.expectClean("8.6")
  }

  /// A program built with the file, as the app target builds it: it loads three images from the main
  /// actor and prints, for each drawing, whether it ran on the main thread (in a program, the main
  /// actor's), then the thumbnails.
  static let driver = """
    import Foundation
    import Synchronization

    nonisolated final class Drawings: Sendable {
      let onMainThread = Mutex<[Bool]>([])
    }

    @main struct Driver {
      static func main() async {
        let drawings = Drawings()
        let gallery = Gallery(
          thumbnailer: Thumbnailer(render: { image in
            let onMain = Thread.isMainThread
            drawings.onMainThread.withLock { $0.append(onMain) }
            return image.map { $0 / 2 }
          }))
        await gallery.load([[2, 4], [6], [8, 10, 12]])
        print("drawn on the main thread: \\(drawings.onMainThread.withLock { $0 })")
        print("thumbnails: \\(gallery.thumbnails)")
      }
    }
    """

  @Test("Built as the app is, every thumbnail is drawn off the main actor, and kept in order")
  func drawsOffTheMainActor() async {
    guard let run = await Swift6Build.buildAndRun("8.6", driver: Self.driver) else { return }
    let lines = run.text.split(separator: "\n").map(String.init)
    guard run.status == 0,
      let drawn = lines.first(where: { $0.hasPrefix("drawn on the main thread: ") }),
      let thumbnails = lines.first(where: { $0.hasPrefix("thumbnails: ") })
    else {
      Issue.record(
        "The gallery, built as the app is, did not finish its load (\(run.problem ?? "status \(run.status.map(String.init) ?? "none")")): \(run.text.split(separator: "\n").suffix(4).joined(separator: " | ")) [crashed]"
      )
      return
    }
    let onMain = drawn.dropFirst("drawn on the main thread: ".count).components(separatedBy: "true").count - 1
    #expect(
      onMain == 0,
      "\(onMain) of 3 thumbnails were drawn on the main actor: built with `NonisolatedNonsendingByDefault`, a `nonisolated async` function runs on its caller's actor, so `thumbnail(of:)`, awaited from the gallery, drew on the main actor, which could run nothing else meanwhile (no tap, no frame). Mark it `@concurrent`. [runs-on-caller]"
    )
    #expect(
      thumbnails == "thumbnails: [[1, 2], [3], [4, 5, 6]]",
      "The gallery kept \(thumbnails.dropFirst("thumbnails: ".count)), not [[1, 2], [3], [4, 5, 6]]: one thumbnail per image, in the order of the images. [wrong-order]"
    )
  }
}
