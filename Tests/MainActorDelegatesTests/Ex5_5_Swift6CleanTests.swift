import CourseKit
import Foundation
import LegacyKit
import MainActorDelegates
import Testing

@Suite("5.5 Swift 6 clean", .exercise("5.5"))
@MainActor
struct Ex5_5_Swift6CleanTests {
  /// The escape hatches that silence the compiler instead of satisfying it, and what each one hides.
  static let escapeHatches: [(String, String)] = [
    (
      "@unchecked Sendable",
      "a class the compiler cannot prove safe to share (here: a mutable closure, set on one thread, read on another)"
    ),
    ("nonisolated(unsafe)", "state read outside its actor with no check at all"),
    ("assumeIsolated", "a run-time bet on the current actor, which traps when it loses"),
    ("@preconcurrency", "a conformance whose isolation is not checked"),
  ]

  @Test("The file uses no escape hatch: the compiler checks everything (and this target treats warnings as errors)")
  func noEscapeHatches() throws {
    let source = try String(contentsOfFile: swift6CleanSourceFile, encoding: .utf8)
    let code = source.split(separator: "\n").map { line in
      line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line)
    }.joined(separator: "\n")
    for (hatch, hides) in Self.escapeHatches where code.contains(hatch) {
      Issue.record(
        "`\(hatch)` is still in the file: it hides \(hides). A checked design exists: make the handler immutable and hop with Task { @MainActor in }."
      )
    }
  }

  @Test("Every batch lands in images, on the main actor, in order")
  func batchesArrive() async {
    let model = GalleryScreenModel(plan: .init(batches: 4, imagesPerBatch: 1))
    model.load()
    _ = await eventually { await model.images.count >= 4 }
    #expect(model.images == (0..<4).flatMap { ImageBatchLoader.batch($0, size: 1) })
  }

  @Test("The model can go away once its screen does")
  func noCycle() async {
    let probe = LeakProbe()
    do {
      let model = GalleryScreenModel(plan: .init(batches: 2, imagesPerBatch: 1))
      probe.track(model, "the screen model")
      model.load()
      _ = await eventually { await model.images.count >= 2 }
    }
    await probe.expectAllReleased(
      within: 0.5,
      "The handler's closure captures the model strongly (model → handler → closure → model): capture it weakly.")
  }
}
