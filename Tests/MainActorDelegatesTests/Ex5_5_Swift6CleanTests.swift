import CourseKit
import Foundation
import LegacyKit
import Locking
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
        "`\(hatch)` is still in the file: it hides \(hides). A checked design exists: make the handler immutable and hop with Task { @MainActor in }. [unchecked-handler]"
      )
    }
  }

  @Test(
    "Every batch lands in images, on the main actor, in order: checked while the main actor is busy, in a child process"
  )
  nonisolated func batchesArrive() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          // Tasks on the pool start out of creation order, as the language allows: a task per
          // callback then overtakes on every run, not only when the scheduler happens to.
          JobSwapping.begin()
          defer { JobSwapping.end() }
          let count = 200
          let model = await GalleryScreenModel(
            plan: .init(batches: count, imagesPerBatch: 1, interval: 0, queue: QueueProbe.make("loader's background")))
          // While this block holds the main queue, nothing else runs on the main actor: a batch that
          // lands in `images` meanwhile was appended somewhere else, off the main actor.
          let appendedWhileHeld: Int = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
              model.load()
              // One look, after the burst has had time to land: an answer that appends off the main
              // actor races this read, and polling while 200 appends land could crash the child
              // (an array read while another thread grows it) before it could say so.
              Thread.sleep(forTimeInterval: Deadline.scaled(0.3))
              continuation.resume(returning: model.images.count)
            }
          }
          guard appendedWhileHeld == 0 else {
            throw ResumeProbe.ProbeFailure(
              "\(appendedWhileHeld) images landed in images while the main actor was busy with something else, so they were appended off the main actor, on the loader's queue. A @MainActor conformance of a delegate the loader calls from its own queue compiles, and nothing checks it at run time: keep the model off the delegate, and let a Sendable handler hop with Task { @MainActor in } [isolated-conformance]"
            )
          }
          guard await eventually(within: 2, { await model.images.count >= count }) else {
            throw ResumeProbe.ProbeFailure(
              "only \(await model.images.count) of \(count) batches landed in images: forward every batch to the main actor [isolated-conformance]"
            )
          }
          let order = await model.images.compactMap { Int($0.description.split(separator: "-")[1]) }
          let inversions = zip(order, order.dropFirst()).filter { $0 > $1 }.count
          guard inversions == 0 else {
            throw ResumeProbe.ProbeFailure(
              "batches landed in images out of order (\(inversions) times in \(count)). A task that starts on the concurrent pool (Task { await onBatch(batch) }) races the others to the main actor: hop with Task { @MainActor in onBatch(batch) } [isolated-conformance]"
            )
          }
        }
      }
    }
    Self.expectNoTrap(child)
  }

  @Test("A batch the loader delivers before start() returns still lands in images, proved in a child process")
  nonisolated func batchBeforeStartReturns() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          // The loader's queue delivers its one batch while start() waits for it, as an SDK with a cached
          // answer calls its delegate at once: a handler that gets its closure after start() finds none
          // yet. One batch, so that no buffer can have dropped it for a later one.
          let delivered = DispatchSemaphore(value: 0)
          let model = await GalleryScreenModel(
            plan: .init(
              batches: 1, imagesPerBatch: 1, interval: 0,
              afterEachBatch: { _, _ in delivered.signal() },
              whileStarting: { _ = delivered.wait(timeout: .now() + Deadline.scaled(10)) }))
          await model.load()
          guard await !eventually(within: 2, { await model.images.count >= 1 }) else { return }
          throw ResumeProbe.ProbeFailure(
            "The loader delivered its one batch before start() returned, and it never landed in images: nothing was ready to take it yet. A loader may call its delegate as soon as it starts, so make the handler ready before start(): give it its closure when you make it. [handler-set-late]"
          )
        }
      }
    }
    Self.expectNoTrap(child)
  }

  @Test("The model keeps the loader it made, for a loader that needs an owner, proved in a child process")
  nonisolated func keepsTheLoader() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          // First a loader that keeps itself alive: a model that loses its batches even then has another
          // problem, which "Every batch lands in images" names.
          let control = await GalleryScreenModel(plan: .init(batches: 3, imagesPerBatch: 1))
          await control.load()
          guard await eventually(within: 2, { await control.images.count >= 3 }) else { return }
          // This one needs an owner (as `CLLocationManager` does): once `load()` has returned, only the
          // model can be keeping it, and a released loader takes every batch with it.
          // Its queue is held until load() has returned: a delivery running on it holds the loader for a
          // moment, and a loader nobody keeps would deliver everything if load() were slow enough.
          let queue = DispatchQueue(label: "ex5.5.owned-loader")
          queue.suspend()
          let model = await GalleryScreenModel(
            plan: .init(batches: 3, imagesPerBatch: 1, queue: queue, needsAnOwner: true))
          await model.load()
          queue.resume()
          guard await eventually(within: 2, { await model.images.count >= 3 }) else {
            throw ResumeProbe.ProbeFailure(
              "only \(await model.images.count) of 3 batches landed from a loader that needs an owner: once load() had returned nothing kept the loader, and it was released with every batch it was about to deliver. Keep it in a property of the model, as you keep the handler. [loader-not-kept]"
            )
          }
          _ = Unmanaged.passRetained(model)
        }
      }
    }
    Self.expectNoTrap(child)
  }

  @Test("The model can go away once its screen does, proved in a child process")
  nonisolated func noCycle() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 2) {
          let probe = LeakProbe()
          do {
            let model = await GalleryScreenModel(plan: .init(batches: 2, imagesPerBatch: 1))
            probe.track(model, "the screen model")
            await model.load()
            _ = await eventually { await model.images.count >= 2 }
          }
          _ = await eventually(within: 0.5) { probe.alive.isEmpty }
          guard probe.alive.isEmpty else {
            throw ResumeProbe.ProbeFailure(
              "the screen model is still alive after everything let go of it. The handler's closure captures the model strongly (model → handler → closure → model): capture it weakly. [strong-self]"
            )
          }
        }
      }
    }
    Self.expectNoTrap(child)
  }

  @Test("The model can go away while the loader still has batches to deliver, proved in a child process")
  nonisolated func goesAwayWhileLoading() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let probe = LeakProbe()
          // The loader waits after its first batch until the test has looked: two batches are still to come.
          let looked = DispatchSemaphore(value: 0)
          let plan = ImageBatchLoader.Plan(
            batches: 3, imagesPerBatch: 1, interval: 0,
            afterEachBatch: { index, _ in
              if index == 0 { _ = looked.wait(timeout: .now() + Deadline.scaled(4)) }
            })
          do {
            let model = await GalleryScreenModel(plan: plan)
            probe.track(model, "the screen model")
            await model.load()
            _ = await eventually { await model.images.count >= 1 }
          }
          _ = await eventually(within: 0.5) { probe.alive.isEmpty }
          let alive = !probe.alive.isEmpty
          looked.signal()
          guard !alive else {
            throw ResumeProbe.ProbeFailure(
              "the screen model is still alive after everything let go of it, while the loader still had two batches to deliver: what waits for them holds the model strongly (a `Task { }` that reads the batches with `self`, or a closure that captures it). Capture it weakly, so that the model goes when its screen does. [strong-self]"
            )
          }
        }
      }
    }
    Self.expectNoTrap(child)
  }

  @Test("A model that goes away while batches are on their way is not touched by them, proved in a child process")
  nonisolated func droppedWhileBatchesAreQueued() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) {
          let probe = LeakProbe()
          let count = 3
          let handedOver = DispatchSemaphore(value: 0)
          let reached = Locked(0)
          let plan = ImageBatchLoader.Plan(
            batches: count, imagesPerBatch: 1, interval: 0,
            afterEachBatch: { _, delegateCalled in
              if delegateCalled { reached.withLock { $0 += 1 } }
              handedOver.signal()
            })
          // The main queue is held while the loader hands every batch to the model's handler: their hops to
          // the main actor wait behind it, and run only after the model has gone.
          await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async {
              var model: GalleryScreenModel? = GalleryScreenModel(plan: plan)
              model?.load()
              if let model { probe.track(model, "the screen model") }
              let until = DispatchTime.now() + Deadline.scaled(2)
              for _ in 0..<count {
                if handedOver.wait(timeout: until) == .timedOut { break }
              }
              model = nil  // the screen goes away, with every batch on its way to the main actor
              continuation.resume()
            }
          }
          // Let the queued batches reach the main actor, which now runs them.
          await MainActor.run {}
          try? await Task.sleep(for: .milliseconds(50))
          await MainActor.run {}
          // A batch that never reached the handler is what "Every batch lands in images" names.
          guard reached.withLock({ $0 }) == count else { return }
          _ = await eventually(within: 0.5) { probe.alive.isEmpty }
          guard probe.alive.isEmpty else {
            throw ResumeProbe.ProbeFailure(
              "the screen model is still alive after its screen let go of it, with batches on their way: the handler's closure captures it strongly (model → handler → closure → model); capture it weakly. [strong-self]"
            )
          }
        }
      }
    }
    if let words = child?.runtimeWords(containing: "unowned reference") {
      Issue.record(
        "The model went away while batches were still on their way, and a late batch read it through [unowned self], which traps: the model owns the handler, but a batch already hopping to the main actor outlives them both. Capture it weakly ([weak self]), so a late batch finds nil and does nothing. The runtime said: \(words) [unowned-self]"
      )
      return
    }
    Self.expectNoTrap(child)
  }

  /// Records the child's fate in words: a trap with no message, while the loader called from its own queue, in
  /// the lesson's words about run-time isolation checks; anything else as the kit reports it.
  nonisolated static func expectNoTrap(_ child: ExitTest.Result?, sourceLocation: SourceLocation = #_sourceLocation) {
    if case .crashed(let words) = ResumeProbe.verdict(of: child), words.hasPrefix("it trapped") {
      Issue.record(
        "The process trapped, with no message, while the loader called its delegate from its own queue, which is how a failed run-time isolation check ends (a @preconcurrency conformance is checked in every delegate method, MainActor.assumeIsolated on the spot), and the loader's queue is not the main actor. Keep the model off the delegate: a Sendable handler hops with Task { @MainActor in }. (GalleryScreenModel crashed the process. The runtime said: \(words)) [unchecked-handler]",
        sourceLocation: sourceLocation)
      return
    }
    expectFinished(child, "GalleryScreenModel", sourceLocation: sourceLocation)
  }
}
