import CourseKit
import Foundation
import LegacyKit
import Locking
import Testing
import UncooperativeLegacy

@Suite("10.2 Cleanup in a main-actor deinit", .exercise("10.2"))
struct Ex10_2_MainActorDeinitTests {
  /// The only reference to a model, held where the test chooses, so that it can go away on any thread.
  final class Holder: Sendable {
    private let model: Locked<SessionClockModel?>

    init(_ model: SessionClockModel) { self.model = Locked(model) }

    /// Lets the model go on the calling thread.
    func release() { model.withLock { $0 = nil } }

    /// The model's seconds, 0 once it is gone.
    @MainActor var seconds: Int { model.withLock { $0 }?.seconds ?? 0 }
  }

  /// A model created on the main actor, held by nothing but the returned holder, and a weak reference to it.
  static func made(on timers: SessionTimers) async -> (holder: Holder, weak: WeakModel) {
    await MainActor.run {
      let model = SessionClockModel(timers: timers)
      return (Holder(model), WeakModel(model))
    }
  }

  /// A weak reference to a model, readable from any thread.
  final class WeakModel: Sendable {
    private let reference: Locked<Weak>
    struct Weak { weak var model: SessionClockModel? }

    init(_ model: SessionClockModel) { reference = Locked(Weak(model: model)) }

    var isAlive: Bool { reference.withLock { $0.model != nil } }
  }

  /// The sentence for a child that trapped, naming the hatch when the learner's file has one.
  static func trapped(_ result: ExitTest.Result?, _ what: String, where place: String, tag: String) -> String? {
    guard case .crashed(let words) = ResumeProbe.verdict(of: result) else { return nil }
    let code = ExerciseSource.code(of: "10.2") ?? ""
    let hatch =
      code.contains("assumeIsolated")
      ? " `MainActor.assumeIsolated` promised that the code already ran on the main actor, and \(place) it did not."
      : ""
    return "\(what).\(hatch) (The runtime said: \(words)) \(tag)"
  }

  @Test("Each time the timer fires, on the service's own thread, the model counts one more second (in a child process)")
  func countsTicks() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run { try await Ex10_2_MainActorDeinitTests.fireThreeTimes() }
      }
    }
    if let sentence = Self.trapped(
      child,
      "A tick assumed the main thread: the timer fired on the service's thread, and the model's handler stopped the app",
      where: "on the timer's thread",
      tag:
        "Hop to the main actor with `Task { @MainActor in … }`: the timer never fires on the main thread. [assumed-on-timer-thread]"
    ) {
      Issue.record(Comment(rawValue: sentence))
    } else {
      ResumeProbe.expectExactlyOnce(child, "Counting the timer's ticks")
    }
  }

  /// In the child: the timer fires three times on a thread of its own; the model must count three.
  static func fireThreeTimes() async throws {
    let timers = SessionTimers()
    let (holder, weak) = await made(on: timers)
    guard timers.isScheduled(SessionClockModel.timerName) else {
      await MainActor.run { holder.release() }
      throw ResumeProbe.ProbeFailure(
        "Created, the model scheduled no timer named \"\(SessionClockModel.timerName)\" on the service it was given (timers scheduled: \(timers.scheduledCount)): schedule it in `init`. [ticks-lost]"
      )
    }
    // The main actor is held while the timer fires three times, as a busy screen holds it: each tick's
    // hop waits behind it, and each must still count, there and nowhere else.
    let early = await MainActor.run {
      let fired = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        for _ in 0..<3 { timers.fireAll() }
        fired.signal()
      }
      fired.wait()
      return holder.seconds
    }
    guard early == 0 else {
      await MainActor.run { holder.release() }
      throw ResumeProbe.ProbeFailure(
        "The timer fired 3 times on its own thread while the main actor was busy, and `seconds` was already \(early) before the main actor was free: the ticks changed the model's state on the timer's thread, off the main actor. Hop to the main actor with `Task { @MainActor in … }`, and count there. [assumed-on-timer-thread]"
      )
    }
    let seconds = Locked(0)
    let counted = await eventually {
      let now = await MainActor.run { holder.seconds }
      seconds.withLock { $0 = now }
      return now == 3
    }
    // Let go on the main actor while one more tick's hop waits behind it: the hop must not keep the
    // model alive (the other tests are about the deinit itself).
    let keptByTick = await MainActor.run {
      let fired = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        timers.fireAll()
        fired.signal()
      }
      fired.wait()
      holder.release()
      return weak.isAlive
    }
    // Once the main actor is free the hop runs: a model that goes then was held by the hop, and one
    // that stays is held by the handler the service keeps.
    if keptByTick, !(await eventually(within: 0.5) { !weak.isAlive }) {
      throw ResumeProbe.ProbeFailure(
        "The screen let the model go, and the model is still alive: the timer's handler holds it, and the service holds the handler until the timer is invalidated, which only the deinit does. Capture the model weakly in the handler (`[weak self]`). [model-kept-alive]"
      )
    }
    guard !keptByTick else {
      throw ResumeProbe.ProbeFailure(
        "A tick's hop to the main actor was still waiting when the screen let the model go, and the model stayed alive: the hop's `Task` holds it strongly, so its deinit, and its timer's invalidation, wait for the hop. Capture the model weakly in the hop too (`[weak self]`). [model-kept-alive]"
      )
    }
    guard counted else {
      throw ResumeProbe.ProbeFailure(
        "The timer fired 3 times, and `seconds` is \(seconds.withLock { $0 }): each tick adds one second, on the main actor, whichever thread the timer fires on. [ticks-lost]"
      )
    }
  }

  @Test("Let go on the main actor, the model goes, and its timer is invalidated before the release returns")
  func releasedOnMain() async {
    let timers = SessionTimers()
    let (holder, weak) = await Self.made(on: timers)
    let name = SessionClockModel.timerName
    guard timers.isScheduled(name) else {
      holder.release()
      Issue.record(
        "Created, the model scheduled no timer named \"\(name)\" (timers scheduled: \(timers.scheduledCount)): schedule it in `init`. [ticks-lost]"
      )
      return
    }
    let (alive, scheduled) = await MainActor.run {
      holder.release()
      return (weak.isAlive, timers.isScheduled(name))
    }
    guard !alive else {
      Issue.record(
        "The screen let the model go, and the model is still alive: the timer's handler holds it, and the service holds the handler until the timer is invalidated, which only the deinit does. Capture the model weakly in the handler (`[weak self]`). [model-kept-alive]"
      )
      return
    }
    guard scheduled else { return }
    let later = await eventually(within: 0.2) { !timers.isScheduled(name) }
    Issue.record(
      Comment(
        rawValue: later
          ? "The model went away on the main actor, and its timer was still scheduled when the release returned: the cleanup waited for the main actor's next job (a `Task { @MainActor in … }` started in the deinit), so the next screen, created in the same turn, could not schedule \"\(name)\". Invalidate it in the deinit itself, at once. [cleanup-deferred]"
          : "The model went away, and its timer is still scheduled: nothing invalidates it, so the service fires into a model that is gone and refuses the next screen's timer. Invalidate the token in `deinit`. [never-invalidated]"
      ))
  }

  @Test(
    "Let go on another thread while the main actor is busy, its timer is invalidated before the release returns, and nothing traps (in a child process)"
  )
  func releasedOffMain() async {
    let child = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: ResumeProbe.anyOutcome, observing: [\.standardErrorContent]) {
        await ResumeProbe.run(within: 5) { try await Ex10_2_MainActorDeinitTests.releaseOffMain() }
      }
    }
    if let sentence = Self.trapped(
      child,
      "A deinit that assumed the main actor stopped the app: the model's last reference went away on a background thread, and its deinit ran there",
      where: "on that thread",
      tag:
        "A deinit runs on whichever thread lets the object go: touch only what is safe from any thread there (the service and the token, both `Sendable`), and call no main-actor code. [assumed-in-deinit]"
    ) {
      Issue.record(Comment(rawValue: sentence))
    } else {
      ResumeProbe.expectExactlyOnce(child, "Letting the model go on a background thread")
    }
  }

  /// In the child: the model's only reference goes away on a thread of its own while the main queue is
  /// held, as it is while the main thread builds the next screen; the timer must be gone when the
  /// release returns.
  static func releaseOffMain() async throws {
    let timers = SessionTimers()
    let (holder, weak) = await made(on: timers)
    let name = SessionClockModel.timerName
    guard timers.isScheduled(name) else {
      holder.release()
      throw ResumeProbe.ProbeFailure(
        "Created, the model scheduled no timer named \"\(name)\": schedule it in `init`. [ticks-lost]")
    }
    let scheduledAfterRelease = try await withMainQueueHeld("letting the model go on a background thread") {
      await withCheckedContinuation { continuation in
        Thread.detachNewThread {
          holder.release()
          continuation.resume(returning: timers.isScheduled(name))
        }
      }
    }
    guard !weak.isAlive || !scheduledAfterRelease else {
      throw ResumeProbe.ProbeFailure(
        "The screen let the model go, and the model is still alive: the timer's handler holds it. Capture the model weakly in the handler (`[weak self]`). [model-kept-alive]"
      )
    }
    guard scheduledAfterRelease else { return }
    let later = await eventually { !timers.isScheduled(name) }
    throw ResumeProbe.ProbeFailure(
      later
        ? "The model's last reference went away on a background thread while the main actor was busy, and its timer was still scheduled when the release returned: the cleanup waited for the main actor (an `isolated deinit`, or a `Task { @MainActor in … }` started in the deinit), so the next screen could not schedule \"\(name)\" until the main actor was free. Invalidate it in a deinit that runs where the release happens, touching only what is safe from any thread. [cleanup-deferred]"
        : "The model went away, and its timer is still scheduled: nothing invalidates it. Invalidate the token in `deinit`. [never-invalidated]"
    )
  }
}
