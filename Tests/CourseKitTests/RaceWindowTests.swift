import CourseKit
import Dispatch
import Foundation
import LegacyKit
import Locking
import Testing

@Suite("The kit forces race windows open")
struct RaceWindowTests {
  @Test("A starting gate holds every party until the last one arrives, then lets them all go")
  func gateReleasesTogether() async {
    let gate = StartingGate(parties: 3)
    let left = Locked<[Int]>([])
    let start = ContinuousClock.now
    for party in 0..<2 { gate.run { left.withLock { $0.append(party) } } }
    try? await Task.sleep(for: .milliseconds(50))
    // The gate gives up after 5 s, so that a missing party never hangs a test; a machine busy enough
    // to make this short sleep last that long has let them go for that reason, not too early.
    if ContinuousClock.now - start < .seconds(4) {
      #expect(left.withLock { $0 }.isEmpty, "Parties left the gate before the last one arrived.")
    }
    gate.run { left.withLock { $0.append(2) } }
    #expect(await eventually { left.withLock { $0.count } == 3 }, "Not every party left the gate once it opened.")
    #expect(gate.isOpen)
  }

  @Test("With the cooperative pool held, a task made on a legacy queue waits; a dispatch queue still runs")
  func poolHoldStopsTasksNotQueues() async {
    let ran = Locked<[String]>([])
    let seen = await withCooperativePoolHeld {
      let delivered = DispatchSemaphore(value: 0)
      DispatchQueue(label: "legacy").async {
        ran.withLock { $0.append("callback") }
        Task { ran.withLock { $0.append("task") } }
        delivered.signal()
      }
      _ = delivered.wait(timeout: .now() + 5)
      Thread.sleep(forTimeInterval: 0.02)  // ample time for an idle pool to run the task, were one free
      return ran.withLock { $0 }
    }
    #expect(seen == ["callback"], "While the pool was held, the queue's callback ran and its task did not: \(seen).")
    #expect(await eventually { ran.withLock { $0 } == ["callback", "task"] }, "The task never ran after the hold.")
  }

  @Test("Successive gates stagger their last party by different gaps")
  func gatesSweepTheGap() {
    let staggers = Set((0..<8).map { _ in StartingGate(parties: 2).stagger })
    #expect(staggers.count == 8, "Eight gates in a row should try eight different gaps, not \(staggers.sorted()).")
  }

  @Test("A simultaneous script delivers its replies from two threads, each while the other has started")
  func simultaneousRepliesOverlapInTime() async {
    // In a child process: the count of deliveries in flight is the whole process's, and here the other
    // suites' scripts, some of them never delivered on purpose, count in it too.
    _ = await ChildProcessSlots.shared.run {
      await #expect(processExitsWith: .success) {
        await RaceWindowTests.deliverTwoRepliesAtOnce()
      }
    }
  }

  /// Two simultaneous replies, each from a thread of its own, and the count of deliveries in flight back to 0.
  static func deliverTwoRepliesAtOnce() async {
    let sdk = LocationSDK()
    sdk.script(Script.twice(.value(.office), .value(.office)).simultaneously)
    let threads = Locked<Set<String>>([])
    sdk.requestLocation { _ in
      threads.withLock { _ = $0.insert("\(pthread_self())") }
      Thread.sleep(forTimeInterval: 0.02)  // long enough for the other reply to start meanwhile
    }
    #expect(
      await eventually { threads.withLock { $0.count } == 2 }, "The two replies did not come from two threads.")
    #expect(await eventually { Deliveries.inFlight == 0 }, "The two deliveries were still counted in flight.")
  }

  @Test("While the main queue is held, a hop to it never runs, and code that does not hop finishes")
  func mainQueueHeld() async throws {
    let direct = try await withMainQueueHeld(seconds: 0.5, "an operation that does not hop") { 42 }
    #expect(direct == 42)
    do {
      try await withMainQueueHeld(seconds: 0.2, "an operation that hops to the main queue") {
        await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
      }
      Issue.record("A hop to the held main queue ran.")
    } catch let error as DeadlineExceeded {
      #expect(error.what == "an operation that hops to the main queue")
    }
  }

  @Test("A cancel switch flipped inside the operation cancels the task it started")
  func cancelSwitchInsideTheCall() async throws {
    let cancel = CancelSwitch()
    let task = cancel.start { () -> Bool in
      cancel.flip()
      return Task.isCancelled
    }
    #expect(try await task.value, "The task was not cancelled by a flip from inside its own operation.")
    #expect(cancel.flipCount == 1)
  }

  @Test("A declaration is read from a source file up to its closing brace")
  func declarationOfAType() {
    let source = "struct A {\n  let x = 1\n}\n\nfinal class B {\n  func f() {}\n}\n"
    #expect(ExerciseSource.declaration("final class B", in: source) == "final class B {\n  func f() {}\n}")
    #expect(ExerciseSource.declaration("enum C", in: source) == nil)
  }
}
