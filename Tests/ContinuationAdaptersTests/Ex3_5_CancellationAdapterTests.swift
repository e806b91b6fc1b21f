import ContinuationAdapters
import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing

// Cancellation gives two parties the chance to resume, so every cancelling scenario runs in a child
// process: a double resume traps there, and fails the test that provoked it with the runtime's words.
@Suite("3.5 Cancellation", .exercise("3.5"))
struct Ex3_5_CancellationAdapterTests {
  /// How many times the cancel and the completion are released together in the race test.
  static let races = 100

  @Test("A download that is not cancelled returns its thumbnail; its error passes through, proved in a child process")
  func completes() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) {
          let downloader = ImageDownloader()
          let thumbnail = await withDeadlineResult("ThumbnailLoader.thumbnail(id:)") {
            try await ThumbnailLoader(downloader: downloader).thumbnail(id: 3)
          }
          if (try? thumbnail.get()) != Thumbnail(articleID: 3) {
            throw ResumeProbe.ProbeFailure(
              "a download that is not cancelled must return its thumbnail; \(describe(thumbnail)) [thumbnail-not-returned]"
            )
          }
          downloader.endpoint.script(Script.fail(LegacyError.offline).fromBackground)
          let failed = await withDeadlineResult("ThumbnailLoader.thumbnail(id:) on a failed download") {
            try await ThumbnailLoader(downloader: downloader).thumbnail(id: 3)
          }
          if failed.failure as? LegacyError != .offline {
            throw ResumeProbe.ProbeFailure(
              "a failed download must throw its own error; \(describe(failed)) [download-error-replaced]")
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:) without a cancel")
  }

  @Test("Cancelling the task cancels a download that then calls back with an error, proved in a child process")
  func cancelWithCallback() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) { try await loadThenCancel(.callsBackWithError) }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:), cancelled while downloading")
  }

  @Test("Cancelling the task cancels a download that then stays silent, proved in a child process")
  func cancelWithSilence() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 3) { try await loadThenCancel(.staysSilent) }
      }
    }
    ResumeProbe.expectExactlyOnce(
      child, "ThumbnailLoader.thumbnail(id:), cancelled while downloading",
      ifHung: "This downloader stays silent after a cancel: resume from onCancel yourself. [cancel-without-resume]")
  }

  @Test(
    "Two loads of the same thumbnail at once: cancelling one cancels its own download, and the other still returns, proved in a child process"
  )
  func cancelsItsOwnDownload() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 4) { try await twoLoadsOfOneThumbnail() }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "Two loads of one thumbnail, the first cancelled")
  }

  @Test("A task that is already cancelled starts no download, or cancels it, proved in a child process")
  func alreadyCancelled() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 4) {
          // With either downloader: a load that leaves its resume to the downloader's cancelled callback
          // never ends with one that stays silent.
          for behavior in [ImageDownloader.CancelBehavior.callsBackWithError, .staysSilent] {
            let downloader = ImageDownloader()
            downloader.cancelBehavior = behavior
            downloader.endpoint.script(Script.succeed(Thumbnail(articleID: 1)).after(0.5).fromBackground)
            let task = Task {
              withUnsafeCurrentTask { $0?.cancel() }
              return try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1)
            }
            let result = await withDeadlineResult("ThumbnailLoader.thumbnail(id:) in a cancelled task") {
              try await task.value
            }
            if downloader.tasks.contains(where: { !$0.isCancelled }) {
              throw ResumeProbe.ProbeFailure(
                "`onCancel` runs at once, before the operation, when the task is already cancelled: remember that, and start no download (or cancel it). A download was started and kept running: `onCancel` forgot the cancel, or nothing hears it at all (cancel the download from `withTaskCancellationHandler`'s `onCancel`). [no-early-cancel-check] [no-cancellation-handler]"
              )
            }
            if result.failure is DeadlineExceeded, behavior == .staysSilent {
              throw ResumeProbe.ProbeFailure(
                "In a task already cancelled, with a downloader that stays silent after a cancel, the load never resumed: it left its resume to the downloader's cancelled callback. Whoever cancels resumes, with `CancellationError`. [no-early-cancel-check] [cancel-without-resume]"
              )
            }
            try expectCancellationError(result)
          }
        }
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:) in a task cancelled before the call")
  }

  @Test("A cancel that arrives while the download is starting still cancels it, proved in a child process")
  func cancelWhileStarting() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 4) {
          // With either downloader: a load that leaves its resume to the downloader's cancelled callback
          // never ends with one that stays silent.
          for behavior in [ImageDownloader.CancelBehavior.callsBackWithError, .staysSilent] {
            let downloader = ImageDownloader()
            downloader.cancelBehavior = behavior
            downloader.endpoint.script(Script.succeed(Thumbnail(articleID: 1)).after(0.3).fromBackground)
            let cancel = CancelSwitch()
            downloader.whileStarting = { _ in cancel.flip() }  // inside download(id:), before it returns its task
            let task = cancel.start { try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1) }
            let result = await withDeadlineResult("ThumbnailLoader.thumbnail(id:), cancelled while starting") {
              try await task.value
            }
            if downloader.tasks.contains(where: { !$0.isCancelled }) {
              throw ResumeProbe.ProbeFailure(
                "A cancel that comes while the download is starting, before you hold its task, is recorded, and the task cancelled as soon as you hold it: this download kept running, because the cancel was not recorded, or because nothing hears it at all (cancel the download from `withTaskCancellationHandler`'s `onCancel`). [cancel-before-task-known] [no-cancellation-handler]"
              )
            }
            if result.failure is DeadlineExceeded, behavior == .staysSilent {
              throw ResumeProbe.ProbeFailure(
                "A cancel that came while the download was starting, with a downloader that stays silent after a cancel, never resumed the load: it left its resume to the downloader's cancelled callback. A cancel that finds no task yet still resumes the load, with `CancellationError`, and the task is cancelled as soon as you hold it. [cancel-before-task-known] [cancel-without-resume]"
              )
            }
            try expectCancellationError(result)
          }
        }
      }
    }
    // The child cancels at one point of the start, inside `download(id:)`. The race program cancels
    // from another thread at every lock boundary of the start, after `download(id:)` has returned
    // too: a cancel checked for in one lock section and the task stored in another is lost between them.
    if case .exactlyOnce = ResumeProbe.verdict(of: child), !DataRace.sanitizerIsRunning,
      let program = await RaceProgram.run("3.5", driver: Self.startRaceDriver), !program.endedInOrder
    {
      if let broken = program.broken, broken.hasSuffix("never returned") {
        Issue.record(
          "A cancel that comes while the download is starting ends the load with `CancellationError`, with a downloader that stays silent after a cancel too: when \(program.order), \(broken). A cancel that finds nothing to resume yet is recorded, and the code that stores the continuation resumes it at once when it finds the cancel there, rather than leaving it to the cancelled download's callback. [cancel-without-resume]"
        )
        return
      }
      if let broken = program.broken {
        Issue.record(
          "A cancel that comes while the download is starting, before you hold its task, is recorded, and the task cancelled as soon as you hold it: when \(program.order), \(broken), which \"A cancel released together with the completion\" explains. A check in one lock section and an act in another let the other thread in between: decide whether a cancel came in the lock section that stores the task, and take the task in the one that records the cancel. [cancel-before-task-known]"
        )
        return
      }
      if let misuse = program.misuse, misuse.contains("more than once") {
        Issue.record(
          "A cancel from another thread while the download was starting resumed the load a second time, when \(program.order). Take the continuation and record the cancel in one lock section. The runtime said: \(misuse) [both-resume]"
        )
        return
      }
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:), cancelled while the download was starting")
  }

  @Test("A cancel released together with the completion resumes exactly once, proved in a child process")
  func cancelRacingCompletion() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 10) {
          for round in 0..<Ex3_5_CancellationAdapterTests.races {
            let downloader = ImageDownloader()
            downloader.cancelBehavior = round.isMultiple(of: 2) ? .callsBackWithError : .staysSilent
            let gate = StartingGate(parties: 2)
            downloader.endpoint.script(Script.succeed(Thumbnail(articleID: round)).released(by: gate))
            let cancel = CancelSwitch()
            downloader.whileStarting = { _ in gate.run { cancel.flip() } }  // the cancel leaves with the reply
            let task = cancel.start { try await ThumbnailLoader(downloader: downloader).thumbnail(id: round) }
            let result = await withDeadlineResult("ThumbnailLoader.thumbnail(id:) with a cancel racing the completion")
            {
              try await task.value
            }
            if case .failure(let error) = result, error is DeadlineExceeded {
              throw ResumeProbe.ProbeFailure(
                Ex3_5_CancellationAdapterTests.neverReturned(
                  completionCalled: downloader.tasks.contains { $0.completionCalled }, order: nil))
            }
            if case .failure(let error) = result, !(error is CancellationError) {
              throw ResumeProbe.ProbeFailure(
                "A cancelled load throws `CancellationError`, once, even when it races the completion: it threw \(error). [both-resume]"
              )
            }
          }
        }
      }
    }
    if let race = DataRace.report(in: child) {
      Issue.record(Comment(rawValue: Self.raced(race)))
      return
    }
    // Whether the cancel and the completion happened to overlap in the child depends on the
    // machine; the race program's verdict does not: it runs them a lock section at a time in every
    // order, so a continuation read in one lock section and given up in another is taken by both.
    // A child that resumed twice ran into the same race: the program names the order that does it.
    switch ResumeProbe.verdict(of: child) {
    case .exactlyOnce where !DataRace.sanitizerIsRunning, .resumedTwice where !DataRace.sanitizerIsRunning,
      .leaked where !DataRace.sanitizerIsRunning:
      if let program = await RaceProgram.run("3.5", driver: Self.raceDriver) {
        if let race = DataRace.report(inText: program.text) {
          Issue.record(Comment(rawValue: Self.raced(race)))
          return
        }
        if let broken = program.broken, !program.endedInOrder {
          Issue.record(
            Comment(
              rawValue: Self.neverReturned(
                completionCalled: broken.hasPrefix("the download's completion was called"), order: program.order)))
          return
        }
        if let misuse = program.misuse, misuse.contains("more than once"), !program.endedInOrder {
          Issue.record(
            "The cancel and the completion both resumed when \(program.order): one of them read the continuation in one lock section and gave up the download's state in another, and the other took its own turn between them, which \"A cancel released together with the completion\" explains. Take the continuation and record what happened in one lock section: whoever takes it resumes, the other finds nothing. The runtime said: \(misuse) [both-resume]"
          )
          return
        }
      }
    default: break
    }
    ResumeProbe.expectExactlyOnce(child, "ThumbnailLoader.thumbnail(id:) with a cancel racing the completion")
  }

  /// The sentence for a race the sanitizer saw on the state that decides who resumes.
  static func raced(_ race: String) -> String {
    "The cancel and the completion, from two threads, raced on the state that decides who resumes: \(race). Keep the continuation under a lock, and take it there: whoever takes it resumes, the other finds nothing. [both-resume]"
  }

  /// The sentence for a load that never returned once both the cancel and the completion had run:
  /// each left the resume to the other when the completion was called, and the cancel left it to
  /// a callback this downloader never makes when the cancel silenced the reply.
  static func neverReturned(completionCalled: Bool, order: String?) -> String {
    let when = order.map { "when \($0), " } ?? ""
    if completionCalled {
      return
        "A cancel released together with the completion left the load waiting forever: \(when)the download's completion was called, and the cancel ran, and neither resumed the load. Each left the resume to the other: whichever takes the continuation first, in the lock section that records it, resumes it (the completion with its result, the cancel with `CancellationError`), and the other finds nothing. [neither-resumes]"
    }
    return
      "A cancel released together with the completion, with a downloader that stays silent after a cancel, never resumed the load: \(when)the cancel silenced the download's reply, and it left its resume to a callback that never came. Whoever cancels resumes, with `CancellationError`, unless the completion took the continuation first. [cancel-without-resume]"
  }

  /// The race program's `@main`: a download started and waiting, whose completion and whose cancel
  /// are handed to the harness, which runs them one after the other (for the sanitizer), then a lock
  /// section at a time in every order. A load that has not returned once both have run never will:
  /// the program says whether the completion was called.
  static let raceDriver = """
    import Dispatch
    import Foundation
    import LegacyKit

    final class Handed: @unchecked Sendable {
      var completion: (@Sendable () -> Void)?
      let ready = DispatchSemaphore(value: 0)
      let loaded = DispatchSemaphore(value: 0)
    }

    @main struct RaceDriver {
      static func main() async {
        await RaceHarness.everySchedule(names: ["the download's completion", "the cancel"]) { runner in
          let downloader = ImageDownloader()
          downloader.cancelBehavior = .staysSilent
          let handed = Handed()
          downloader.endpoint.script(
            Script.succeed(Thumbnail(articleID: 1)).handed(to: { bodies in
              handed.completion = bodies.first
              handed.ready.signal()
            }))
          // Detached: this driver runs on the main actor, and blocks its thread while it waits.
          let task = Task.detached {
            _ = try? await ThumbnailLoader(downloader: downloader).thumbnail(id: 1)
            handed.loaded.signal()
          }
          handed.ready.wait()
          guard let completion = handed.completion else { return }
          runner.start([completion, { task.cancel() }])
          await runner.waitUntilFinished()
          // A load that is right ends within milliseconds of both bodies; ten seconds is for a loaded machine.
          if handed.loaded.wait(timeout: .now() + 10) == .timedOut {
            if downloader.tasks.contains(where: { $0.completionCalled }) {
              print("RACE BROKE: the download's completion was called, and the cancel ran, and neither resumed the load")
            } else {
              print("RACE BROKE: the cancel silenced the download's reply, and the load never returned")
            }
            exit(1)
          }
        }
      }
    }
    """
}

extension Ex3_5_CancellationAdapterTests {
  /// The race program's `@main` for a cancel during the start: the load's first run (its start, up
  /// to its wait, on a task executor that runs it on the harness's thread) and the cancel are handed
  /// to the harness, which runs them a lock section at a time in every order. Once both have run,
  /// the load was cancelled, so its download must be cancelled and the load must throw
  /// `CancellationError`; a download still running is answered, as a server would.
  static let startRaceDriver = """
    import Dispatch
    import Foundation
    import LegacyKit

    // NSCondition, a lock the harness does not stand in for: only the exercise's own locks are switch points.
    final class StartExecutor: TaskExecutor, @unchecked Sendable {
      let lock = NSCondition()
      var jobs: [UnownedJob] = []
      var started = false

      func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        lock.lock()
        if started {
          lock.unlock()
          DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
          return
        }
        jobs.append(job)
        lock.broadcast()
        lock.unlock()
      }

      /// Runs the load's first job on this thread: its start, up to its wait (or its end).
      func runStart() {
        lock.lock()
        while jobs.isEmpty { lock.wait() }
        let first = jobs.removeFirst()
        lock.unlock()
        first.runSynchronously(on: asUnownedTaskExecutor())
        lock.lock()
        started = true
        let rest = jobs
        jobs = []
        lock.unlock()
        for job in rest { DispatchQueue.global().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) } }
      }
    }

    final class Box: @unchecked Sendable {
      let lock = NSCondition()
      var completion: (@Sendable () -> Void)?
      var result: Result<Thumbnail, any Error>?
    }

    @main struct RaceDriver {
      static func main() async {
        // The start stops after its lock sections too: a cancel that comes between the one that stores
        // the continuation and the call that starts the download finds no download yet.
        await RaceHarness.everySchedule(names: ["the start", "the cancel"], stoppingAfterLocks: ["the start"]) { runner in
          let downloader = ImageDownloader()
          downloader.cancelBehavior = .staysSilent
          let box = Box()
          downloader.endpoint.script(
            Script.succeed(Thumbnail(articleID: 1)).handed(to: { bodies in
              box.lock.lock(); box.completion = bodies.first; box.lock.unlock()
            }))
          let executor = StartExecutor()
          let task = Task(executorPreference: executor) {
            try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1)
          }
          Task.detached {
            let result = await task.result
            box.lock.lock(); box.result = result; box.lock.unlock()
          }
          runner.start([{ executor.runStart() }, { task.cancel() }])
          await runner.waitUntilFinished()
          // A download nobody cancelled is answered: a load that missed the cancel returns its thumbnail.
          box.lock.lock(); let completion = box.completion; box.lock.unlock()
          let running = downloader.tasks.contains { !$0.isCancelled }
          if running { completion?() }
          // A load that is right ends within milliseconds of both bodies; ten seconds is for a loaded machine.
          var result: Result<Thumbnail, any Error>?
          for _ in 0..<10_000 where result == nil {
            try? await Task.sleep(for: .milliseconds(1))
            box.lock.lock(); result = box.result; box.lock.unlock()
          }
          guard let result else {
            // A download left running was answered above: a load that still never ended heard no cancel,
            // which the other tests name. One whose download was cancelled waited for a callback that this
            // downloader, silent after a cancel, never makes.
            if !running {
              print("RACE BROKE: the load was cancelled, no download of it was left running, and it never returned")
              exit(1)
            }
            return
          }
          if running {
            print("RACE BROKE: the load was cancelled and its download kept running")
            exit(1)
          }
          if case .success = result {
            print("RACE BROKE: the load was cancelled and returned a thumbnail")
            exit(1)
          }
        }
      }
    }
    """
}

/// In the child: starts a download, cancels the awaiting task while it runs, and checks what happened.
private func loadThenCancel(_ behavior: ImageDownloader.CancelBehavior) async throws {
  let downloader = ImageDownloader()
  downloader.cancelBehavior = behavior
  downloader.endpoint.script(Script.succeed(Thumbnail(articleID: 1)).after(0.3).fromBackground)
  let task = Task { try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1) }
  _ = await eventually { !downloader.tasks.isEmpty }
  try? await Task.sleep(for: .milliseconds(50))  // well into the download: the adapter holds its task by now
  task.cancel()
  let result = await withDeadlineResult("the cancelled ThumbnailLoader.thumbnail(id:)") { try await task.value }
  let cancelled = downloader.tasks.first?.isCancelled == true
  if !cancelled {
    throw ResumeProbe.ProbeFailure(
      "The download kept running: cancel it from withTaskCancellationHandler's onCancel. (\(describe(result))) [no-cancellation-handler]"
    )
  }
  if result.failure is DeadlineExceeded, behavior == .staysSilent {
    throw ResumeProbe.ProbeFailure(
      "This downloader stays silent after a cancel: resume from onCancel yourself. The download was cancelled, and the task never resumed. [cancel-without-resume]"
    )
  }
  try expectCancellationError(result)
}

/// In the child: two loads of thumbnail 1 on one downloader, their replies held; the first is cancelled,
/// then the second's reply released.
private func twoLoadsOfOneThumbnail() async throws {
  let downloader = ImageDownloader()
  let replies = Locked<[[@Sendable () -> Void]]>([])
  downloader.endpoint.script(
    Script.succeed(Thumbnail(articleID: 1)).handed(to: { bodies in replies.withLock { $0.append(bodies) } }))
  let first = Task { try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1) }
  // One download at a time, so that the first in the downloader's list is the first load's.
  guard await eventually({ replies.withLock { $0.count } == 1 }) else { return }
  let second = Task { try await ThumbnailLoader(downloader: downloader).thumbnail(id: 1) }
  guard await eventually({ replies.withLock { $0.count } == 2 }), downloader.tasks.count == 2 else {
    first.cancel()
    second.cancel()
    return
  }
  first.cancel()
  let cancelled = await withDeadlineResult("the cancelled first load") { try await first.value }
  let (own, other) = (downloader.tasks[0], downloader.tasks[1])
  for reply in replies.withLock({ $0[1] }) { reply() }
  let answered = await withDeadlineResult("the second load, its reply released") { try await second.value }
  if other.isCancelled {
    throw ResumeProbe.ProbeFailure(
      "Two loads of thumbnail 1 were in flight, and cancelling the first cancelled the second's download\(own.isCancelled ? "" : ", and left its own running"): cancel the download this call started, the task `download(id:completion:)` returned to it, not one found by its id. (The second load \(describe(answered)).) [another-download-cancelled]"
    )
  }
  if !own.isCancelled {
    throw ResumeProbe.ProbeFailure(
      "The download kept running: two loads of thumbnail 1 were in flight, the first was cancelled, and no download was. Cancel the download from withTaskCancellationHandler's onCancel. [no-cancellation-handler]"
    )
  }
  try expectCancellationError(cancelled)
  if answered.failure != nil {
    throw ResumeProbe.ProbeFailure(
      "Two loads of thumbnail 1 were in flight, the first was cancelled, and the second, its download answered, \(describe(answered)): a cancel ends its own load, never another. [another-download-cancelled]"
    )
  }
}

/// Throws a probe failure unless `result` is a `CancellationError`.
private func expectCancellationError(_ result: Result<Thumbnail, any Error>) throws {
  guard !(result.failure is CancellationError) else { return }
  throw ResumeProbe.ProbeFailure(
    "A cancelled load throws `CancellationError`, once: \(describe(result)). [both-resume]")
}

/// What the load did, for a failure message.
private func describe(_ result: Result<Thumbnail, any Error>) -> String {
  switch result {
  case .success: "it returned a thumbnail"
  case .failure(let error as DeadlineExceeded): "\(error)"
  case .failure(let error): "it threw \(error)"
  }
}

/// The result of `operation`, or a `DeadlineExceeded` failure, without throwing.
func withDeadlineResult<T: Sendable>(
  seconds: Double = Deadline.standard, _ what: String, _ operation: @escaping @Sendable () async throws -> T
) async -> Result<T, any Error> {
  do { return .success(try await withDeadline(seconds: seconds, what, operation: operation)) } catch {
    return .failure(error)
  }
}
