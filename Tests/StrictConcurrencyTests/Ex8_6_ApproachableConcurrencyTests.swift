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
  /// actor, then asks the thumbnailer itself for one from the main actor, and prints, for each drawing,
  /// whether it ran on the main actor, then the thumbnails. The main actor runs its jobs on the main
  /// queue, but on Linux not always on the main thread, so the program marks the queue and asks for the
  /// mark (`Thread.isMainThread` would be wrong). The first drawing waits until the others have
  /// started, if they start at all (a gallery that draws all three at once), so a gallery that keeps
  /// them in the order they finish shows it every time. Then another gallery loads images of which one
  /// appears three times and one is empty, and the program prints its thumbnails: one per image,
  /// repeats and the empty one too.
  static let driver = """
    import Foundation
    import Synchronization

    nonisolated let mainQueueMark = DispatchSpecificKey<Bool>()

    nonisolated final class Drawings: Sendable {
      let onMainActor = Mutex<[Bool]>([])
      /// The images drawn on the main actor, in the order they were drawn.
      let drawnOnMain = Mutex<[[UInt8]]>([])
      let started = Mutex(0)
      let firstWaitsForOthers: Bool

      init(firstWaitsForOthers: Bool) {
        self.firstWaitsForOthers = firstWaitsForOthers
      }

      func draw(_ image: [UInt8]) -> [UInt8] {
        let onMain = DispatchQueue.getSpecific(key: mainQueueMark) == true
        onMainActor.withLock { $0.append(onMain) }
        if onMain { drawnOnMain.withLock { $0.append(image) } }
        let number = started.withLock { count in
          count += 1
          return count
        }
        if firstWaitsForOthers, number == 1 {
          // Up to two seconds for the other drawings to start, which they do only when drawn at once.
          for _ in 0..<2000 where started.withLock({ $0 }) < 3 { Thread.sleep(forTimeInterval: 0.001) }
          if started.withLock({ $0 }) >= 3 { Thread.sleep(forTimeInterval: 0.2) }
        }
        return image.map { $0 / 2 }
      }
    }

    @main struct Driver {
      static func main() async {
        DispatchQueue.main.setSpecific(key: mainQueueMark, value: true)
        let drawings = Drawings(firstWaitsForOthers: true)
        let gallery = Gallery(thumbnailer: Thumbnailer(render: { image in drawings.draw(image) }))
        await gallery.load([[2, 4], [6], [8, 10, 12]])
        print("drawn on the main actor: \\(drawings.onMainActor.withLock { $0 })")
        print("thumbnails: \\(gallery.thumbnails)")
        let plain = Drawings(firstWaitsForOthers: false)
        let again = Gallery(thumbnailer: Thumbnailer(render: { image in plain.draw(image) }))
        await again.load([[6], [], [6], [2, 4], [6]])
        print("repeated images' thumbnails: \\(again.thumbnails)")
        print("repeated images drawn on the main actor: \\(plain.drawnOnMain.withLock { $0 })")
        print("asked directly, drawn on the main actor: \\(await askDirectly())")
      }

      /// The thumbnailer itself, asked from the main actor.
      @MainActor static func askDirectly() async -> [Bool] {
        let direct = Drawings(firstWaitsForOthers: false)
        _ = await Thumbnailer(render: { image in direct.draw(image) }).thumbnail(of: [1])
        return direct.onMainActor.withLock { $0 }
      }
    }
    """

  @Test(
    "Built as the app is, every thumbnail is drawn off the main actor, and kept in order, one per image, repeats and empty ones too"
  )
  func drawsOffTheMainActor() async {
    guard let run = await Swift6Build.buildAndRun("8.6", driver: Self.driver) else { return }
    let lines = run.text.split(separator: "\n").map(String.init)
    guard run.status == 0,
      let drawn = lines.first(where: { $0.hasPrefix("drawn on the main actor: ") }),
      let thumbnails = lines.first(where: { $0.hasPrefix("thumbnails: ") })
    else {
      Issue.record(
        "The gallery, built as the app is, did not finish its load (\(run.problem ?? "status \(run.status.map(String.init) ?? "none")")): \(run.text.split(separator: "\n").suffix(4).joined(separator: " | ")) [crashed]"
      )
      return
    }
    let onMain = drawn.dropFirst("drawn on the main actor: ".count).components(separatedBy: "true").count - 1
    #expect(
      onMain == 0,
      "\(onMain) of 3 thumbnails were drawn on the main actor: built with `NonisolatedNonsendingByDefault`, a `nonisolated async` function runs on its caller's actor, so `thumbnail(of:)`, awaited from the gallery, drew on the main actor, which could run nothing else meanwhile (no tap, no frame). Mark it `@concurrent`. [runs-on-caller]"
    )
    let direct = lines.first { $0.hasPrefix("asked directly, drawn on the main actor: ") } ?? ""
    let directOnMain = direct.contains("true")
    let againPrefix = "repeated images drawn on the main actor: "
    let againOnMain = lines.first { $0.hasPrefix(againPrefix) }.map { String($0.dropFirst(againPrefix.count)) } ?? "[]"
    #expect(
      onMain > 0 || directOnMain || againOnMain == "[]",
      "Loading the images [6], [], [6], [2, 4] and [6], the gallery drew \(againOnMain) on the main actor: every image's drawing leaves the main actor, an empty one's too, whatever it holds. [runs-on-caller]"
    )
    #expect(
      onMain > 0 || !directOnMain,
      "`thumbnail(of:)`, called from the main actor, drew there: it must leave the main actor whoever calls it, so the work belongs in its own declaration (`@concurrent`), not in one caller's. [runs-on-caller]"
    )
    let kept = String(thumbnails.dropFirst("thumbnails: ".count))
    #expect(
      kept == "[[1, 2], [3], [4, 5, 6]]",
      "The gallery kept \(kept), not [[1, 2], [3], [4, 5, 6]]\(Self.why(kept)): one thumbnail per image, in the order of the images. [wrong-order]"
    )
    let prefix = "repeated images' thumbnails: "
    let repeated = lines.first { $0.hasPrefix(prefix) }.map { String($0.dropFirst(prefix.count)) } ?? "nothing"
    #expect(
      kept != "[[1, 2], [3], [4, 5, 6]]" || repeated == "[[3], [], [3], [1, 2], [3]]",
      "Loading the images [6], [], [6], [2, 4] and [6], the gallery kept \(repeated), not [[3], [], [3], [1, 2], [3]]: one thumbnail per image, an empty image's too (drawn as any other), and an image that comes three times gets three, each in its image's place. [wrong-order]"
    )
  }

  /// What the order kept says, when it says something: the first image's drawing took longest (it
  /// waits for the others), so thumbnails kept as their drawings finished put it last.
  static func why(_ kept: String) -> String {
    let expected = ["[1, 2]", "[3]", "[4, 5, 6]"]
    // "[[3], [4, 5, 6], [1, 2]]" → "[3]", "[4, 5, 6]", "[1, 2]"
    let found = kept.split(separator: "]").map { part in "[\(part.drop { $0 == "," || $0 == " " || $0 == "[" })]" }
    let order = found.compactMap { expected.firstIndex(of: $0) }
    guard order.count == 3, Set(order).count == 3 else { return "" }
    if order == [2, 1, 0] { return ", newest first" }
    if order.last == 0 {
      return ", in the order the drawings finished: the first image's took longest and came last, though it is first"
    }
    return ""
  }
}
