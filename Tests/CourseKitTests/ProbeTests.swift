import CourseKit
import Dispatch
import LegacyKit
import Testing

@Suite("Leak, queue and order probes catch what they exist for")
struct ProbeTests {
  final class Owner: Sendable {}

  @Test("LeakProbe reports an object that is still alive, by name")
  func leakIsReported() async {
    let probe = LeakProbe()
    let kept = Owner()
    probe.track(kept, "the view model")
    await withKnownIssue {
      await probe.expectAllReleased(within: 0.05)
    } matching: { issue in
      issue.comments.contains { $0.rawValue.hasPrefix("the view model is still alive") }
    }
    withExtendedLifetime(kept) {}
  }

  @Test("LeakProbe passes once the object is released")
  func releasedObjectPasses() async {
    let probe = LeakProbe()
    do {
      let temporary = Owner()
      probe.track(temporary, "the handler")
    }
    await probe.expectAllReleased()
    #expect(probe.alive.isEmpty)
  }

  @Test("QueueProbe names the main queue and named queues, and nothing else")
  func queueNames() async {
    let named = QueueProbe.make("decode")
    #expect(await withCheckedContinuation { c in named.async { c.resume(returning: QueueProbe.current) } } == "decode")
    #expect(
      await withCheckedContinuation { c in DispatchQueue.main.async { c.resume(returning: QueueProbe.current) } }
        == "main")
    #expect(
      await withCheckedContinuation { c in DispatchQueue.global().async { c.resume(returning: QueueProbe.current) } }
        == nil)
    #expect(await MainActor.run { MainQueue.isCurrent }, "under swift test, the main actor runs on the main queue")
  }

  @Test("EventRecorder keeps order across threads and waits for a count")
  func recorderOrder() async {
    let recorder = EventRecorder()
    let queue = DispatchQueue(label: "recorder")
    for index in 0..<100 { queue.async { recorder.record("\(index)") } }
    #expect(await recorder.wait(for: 100))
    #expect(recorder.all == (0..<100).map { "\($0)" })
    #expect(await recorder.wait(for: 101, within: 0.05) == false)
  }
}
